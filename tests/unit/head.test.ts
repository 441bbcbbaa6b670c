import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { appStoreId, defaultHeadTags, mergeHeadTags, publicPath } from '../../src/lib/head.ts';
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

  it('reads the App Store id from the listing URL', () => {
    expect(appStoreId('https://apps.apple.com/us/app/tablemates/id6471234567?mt=8')).toBe('6471234567');
    expect(appStoreId('https://apps.apple.com/app/tablemates')).toBeUndefined();
  });
});
