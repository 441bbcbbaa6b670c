import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { siYoutube } from 'simple-icons';
import { parse } from 'ultrahtml';
import { querySelector, querySelectorAll } from 'ultrahtml/selector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { translationsOf } from '../support/ownerContent.ts';

// Integration tier: real `astro build`s of a copy of the project, with a bad config value, or with one network added,
// every translation switched off and dotfiles dropped into public/ (one build for the three).
let project: ProjectCopy;
beforeAll(() => {
  project = copyProject();
});
afterAll(() => project?.remove());

describe('the build', () => {
  it('stops on a bad config value and names the field', async () => {
    const config = project.read('site.config.ts');
    project.edit('site.config.ts', /contactEmail: .*,/, "contactEmail: 'not-an-email',");
    const { code, output } = await project.build();
    project.write('site.config.ts', config);
    expect(code).not.toBe(0);
    expect(output).toContain('contactEmail (site.config.ts) is "not-an-email"');
  }, 60_000);

  it('stops on a Sentry DSN with a secret key, which every page would publish', async () => {
    const secret = 'https://0123abcd:s3cr3t@o42.ingest.us.sentry.io/4507';
    const { code, output } = await project.build({ PUBLIC_SENTRY_DSN: secret });
    expect(code).not.toBe(0);
    expect(output).toContain(`sentryDsn (PUBLIC_SENTRY_DSN) is ${JSON.stringify(secret)}; expected empty`);
    expect(output).toContain('no secret key');
  }, 60_000);
});

describe('one build with a network added and every translation off in site.config.ts, and dotfiles put in public/', () => {
  const youtube = 'https://www.youtube.com/@forkful';
  /** The languages the site publishes besides English, switched off here (none on a site in English only). */
  const translations = translationsOf();
  let output = '';
  beforeAll(async () => {
    project.edit(
      'site.config.ts',
      /^(\s*)social: \[\n/m,
      `$&$1  { name: 'YouTube', icon: 'youtube', url: '${youtube}' },\n`,
    );
    if (translations.length) project.edit('site.config.ts', /languages: \[[^\]]*\]/, "languages: ['en']");
    const put = (path: string) => {
      mkdirSync(join(project.dir, 'public', path, '..'), { recursive: true });
      writeFileSync(join(project.dir, 'public', path), 'SECRET=1\n');
    };
    for (const path of ['.env', '.git/config', 'images/.DS_Store', '.well-known/.hidden.json']) put(path);
    put('.well-known/apple-app-site-association');
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    output = built.output;
  }, 300_000);

  it('adds a social network from one entry in site.config.ts: the hero, the footer and sameAs show it', async () => {
    const page = parse(await readFile(join(project.dir, 'dist/index.html'), 'utf8'));
    for (const place of ['.cta', 'footer']) {
      const links = querySelectorAll(page, `${place} a[href="${youtube}"]`);
      expect(links, place).toHaveLength(1);
      expect(links[0]?.attributes['aria-label'], place).toMatch(/ on YouTube$/);
      expect(querySelector(links[0]!, 'path')?.attributes.d, place).toBe(siYoutube.path);
    }
    const jsonLd = querySelectorAll(page, 'script[type="application/ld+json"]').map(
      (script) =>
        JSON.parse(script.children.map((child: { value?: string }) => child.value ?? '').join('')) as {
          '@type': string;
          sameAs?: string[];
        },
    );
    expect(jsonLd.find((item) => item['@type'] === 'Organization')?.sameAs?.[0]).toBe(youtube);
  });

  it("publishes English only with one switch: no translation's page, no hreflang, no language switcher, no host rule for it", async () => {
    const dist = join(project.dir, 'dist');
    const html = await readFile(join(dist, 'privacy.html'), 'utf8');
    expect(html).not.toContain('hreflang=');
    const sitemap = await readFile(join(dist, 'sitemap-0.xml'), 'utf8');
    const hosts = [join(`${dist}-nginx`, 'http.conf'), join(dist, '_redirects')];
    for (const locale of translations) {
      expect(existsSync(join(dist, locale)), `dist/${locale}/`).toBe(false);
      expect(html).not.toContain(`lang="${locale}"`);
      expect(sitemap).not.toContain(`/${locale}/`);
      for (const host of hosts) expect(await readFile(host, 'utf8'), host).not.toContain(`/${locale}/`);
    }
  });

  it('publishes no dotfile put in public/, naming each, and still publishes /.well-known/', () => {
    const dist = join(project.dir, 'dist');
    for (const path of ['.env', '.git', 'images/.DS_Store', '.well-known/.hidden.json', '.well-known/.hidden.json.br'])
      expect(existsSync(join(dist, path)), path).toBe(false);
    expect(existsSync(join(dist, '.well-known/apple-app-site-association'))).toBe(true);
    expect(existsSync(join(dist, '.well-known/security.txt'))).toBe(true);
    expect(output).toContain('never published: .env, .git, .well-known/.hidden.json, images/.DS_Store');
  });
});
