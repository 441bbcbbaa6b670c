import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { appStoreId, defaultHeadTags, mergeHeadTags, publicPath, type HeadTag } from '../../src/lib/head.ts';
import { siteValues } from '../fixtures/siteValues.ts';

const config = loadConfig({}, siteValues);

describe('head tags', () => {
  it('lets a page override a default tag without duplicating it', () => {
    const tags = mergeHeadTags(defaultHeadTags(config, { title: 'T', description: 'first', path: '/' }), [
      { tag: 'meta', attrs: { name: 'description', content: 'second' } },
    ]);
    const descriptions = tags.filter((tag) => tag.attrs.name === 'description');
    expect(descriptions).toEqual([{ tag: 'meta', attrs: { name: 'description', content: 'second' } }]);
  });

  it('keeps icons of different sizes and types apart', () => {
    const icons = defaultHeadTags(config, { title: 'T', description: 'd', path: '/' }).filter(
      (tag) => tag.attrs.rel === 'icon',
    );
    expect(mergeHeadTags(icons)).toHaveLength(2);
  });

  it('addresses built pages by their public path', () => {
    const languages = ['en', 'fr'];
    expect(publicPath('/privacy.html', languages)).toBe('/privacy');
    expect(publicPath('/index.html', languages)).toBe('/');
    expect(publicPath('/terms/', languages)).toBe('/terms');
    expect(publicPath('/', languages)).toBe('/');
    // A language's home is its folder's index.
    for (const path of ['/fr', '/fr/', '/fr/index.html']) expect(publicPath(path, languages)).toBe('/fr/');
    expect(publicPath('/fr/support.html', languages)).toBe('/fr/support');
  });

  it("says the tagline in the page's language in the social card's alt text, and links that language's card", () => {
    const content = (tags: HeadTag[], key: string) =>
      tags.find(({ attrs }) => attrs.property === key || attrs.name === key)?.attrs.content;
    const tagline = 'A tagline in the words of fr';
    const french = defaultHeadTags(config, { title: 'T', description: 'd', path: '/fr/', locale: 'fr', tagline });
    for (const key of ['og:image:alt', 'twitter:image:alt'])
      expect(content(french, key), key).toBe(`${config.productName}: ${tagline}`);
    for (const key of ['og:image', 'twitter:image'])
      expect(content(french, key), key).toBe(new URL('/fr/social-card.png', config.siteUrl).href);
    // English keeps the config's tagline and the card at its address.
    const english = defaultHeadTags(config, { title: 'T', description: 'd', path: '/' });
    expect(content(english, 'og:image:alt')).toBe(`${config.productName}: ${config.tagline}`);
    expect(content(english, 'og:image')).toBe(new URL('/social-card.png', config.siteUrl).href);
  });

  it('reads the App Store id from the listing URL', () => {
    expect(appStoreId('https://apps.apple.com/us/app/tablemates/id6471234567?mt=8')).toBe('6471234567');
    expect(appStoreId('https://apps.apple.com/app/tablemates')).toBeUndefined();
  });
});
