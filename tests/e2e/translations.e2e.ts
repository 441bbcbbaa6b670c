import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { exampleInviteCode } from '../../src/lib/invite/invite.ts';
import { readWords } from '../../src/lib/words/words.node.ts';
import { expectNoAxeViolations, watchPageHealth } from './support/page-health.ts';
import { fullRun, fullRunUnless } from './support/tiers.ts';

const config = loadConfig();
const en = readWords(config, 'en');
/** Every published translation: each is checked the same way, whatever the languages are. */
const translations = config.languages.filter((locale) => locale !== 'en');

/**
 * The site in each published translation (docs/requirements.md#spanish), over the production nginx configuration: its
 * pages under `/<locale>/` in its words, each pair of pages naming the other (hreflang, the sitemap, the switcher),
 * its 404 page for an address under its folder that does not exist, and its invite page reading the code as the
 * English one does.
 */

/** Every `<link rel="alternate" hreflang>` of a page's HTML, as { hreflang: href }. */
const alternatesIn = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(([, lang, href]) => [
      lang!,
      href!,
    ]),
  );

/** The local address of one of the site's absolute URLs (the sitemap and hreflang name the configured site). */
const local = (url: string) => new URL(url).pathname;

async function html(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

test('every page of the sitemap with a translation lists each of its languages and x-default, absolute and reciprocal', async ({
  request,
}) => {
  const sitemap = await html(request, '/sitemap-0.xml');
  const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(([, loc, rest]) => ({
    loc: loc!,
    links: Object.fromEntries([...rest!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, l, h]) => [l!, h!])),
  }));
  const pairs = entries.filter(({ links }) => Object.keys(links).length > 0);
  for (const locale of translations)
    expect(pairs.map(({ loc }) => local(loc))).toEqual(expect.arrayContaining([`/${locale}/`, `/${locale}/support`]));
  for (const { loc, links } of entries) {
    const own = alternatesIn(await html(request, local(loc)));
    if (Object.keys(links).length === 0) {
      expect(own, loc).toEqual({});
      continue;
    }
    // The head and the sitemap say the same: each language's page, and x-default the English one.
    expect(Object.keys(own), loc).toEqual(expect.arrayContaining(['en', 'x-default']));
    for (const lang of Object.keys(own)) expect([...config.languages, 'x-default'], loc).toContain(lang);
    expect(own, loc).toEqual(links);
    expect(own['x-default']).toBe(own.en);
    expect(Object.values(own).includes(loc), `${loc} names itself`).toBe(true);
    for (const href of Object.values(own)) {
      expect(href.startsWith(`${config.siteUrl}/`), `${href} is absolute`).toBe(true);
      // Reciprocal: the page each link names lists the very same set back.
      expect(alternatesIn(await html(request, local(href))), `${href} from ${loc}`).toEqual(own);
    }
  }
  // Both halves of each pair are listed.
  for (const { links } of pairs)
    for (const href of Object.values(links)) expect(sitemap).toContain(`<loc>${href}</loc>`);
});

/** The script files a page requests before its load event, by path, and the bytes of its inline code. */
async function scriptsBeforeLoad(page: Page, path: string) {
  await page.goto(path);
  // The page's own timeline, not request events: an island's script requested just after load could reach the test
  // before Playwright reports the load, and read as before it (it did once, on a loaded machine).
  const files = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && entry.startTime < (navigation?.loadEventStart ?? 0))
      .map((entry) => new URL(entry.name).pathname);
  });
  const inlineBytes = await page
    .locator('script:not([src]):not([type="application/ld+json"])')
    .evaluateAll((scripts) => scripts.reduce((sum, script) => sum + (script.textContent ?? '').length, 0));
  return { files: files.sort(), inlineBytes };
}

for (const locale of translations) {
  const words = readWords(config, locale);
  const prefix = `/${locale}`;
  test.describe(`the site in ${words.language.name}`, () => {
    for (const [path, heading] of [
      [`${prefix}/`, config.productName],
      [`${prefix}/support`, words.support.heading],
    ] as const) {
      test(`${path} answers 200 in its language: lang, og:locale, JSON-LD and words`, async ({ page }) => {
        const problems = watchPageHealth(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', words.language.ogLocale);
        await expect(
          page.locator(`meta[property="og:locale:alternate"][content="${en.language.ogLocale}"]`),
        ).toHaveCount(1);
        const languages = await page
          .locator('script[type="application/ld+json"]')
          .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}').inLanguage));
        expect(languages.filter(Boolean)).not.toHaveLength(0);
        expect(languages.filter(Boolean).every((language) => language === locale)).toBe(true);
        await expect(page.getByRole('link', { name: words.interface.skipLink })).toHaveCount(1);
        expect(problems).toEqual([]);
      });
    }

    test('a language switcher of plain links, marked with their language, leads between the pages of a pair', async ({
      page,
    }) => {
      test.slow(); // axe and several page loads, on a shared two-core machine
      for (const [from, to, name, lang] of [
        ['/', `${prefix}/`, words.language.name, locale],
        [`${prefix}/`, '/', en.language.name, 'en'],
        ['/support', `${prefix}/support`, words.language.name, locale],
        [`${prefix}/support`, '/support', en.language.name, 'en'],
      ] as const) {
        await page.goto(from);
        const link = page
          .getByRole('navigation', {
            name: from.startsWith(prefix) ? words.interface.languageNav : en.interface.languageNav,
          })
          .getByRole('link', { name, exact: true });
        await expect(link, from).toHaveText(name);
        await expect(link).toHaveAttribute('href', to);
        await expect(link).toHaveAttribute('hreflang', lang);
        await expect(link).toHaveAttribute('lang', lang);
        // A click on the support pages; on the landing page, scrolling to its end would wake the 3D scene for nothing.
        if (from.endsWith('support')) await link.click();
        else await page.goto(to);
        await expect(page).toHaveURL(to);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      }
    });

    test('the translated landing offers the App Store in its own words, and links its support page', async ({
      page,
    }) => {
      await page.goto(`${prefix}/`);
      const store = page.getByRole('link', { name: words.interface.appStoreButton }).first();
      await expect(store).toHaveAttribute('href', config.appStoreUrl);
      await expect(page.locator('.site-footer').getByRole('link', { name: words.interface.support })).toHaveAttribute(
        'href',
        `${prefix}/support`,
      );
    });

    test('a translated page marks every link to a page that exists only in English', fullRun, async ({ page }) => {
      await page.goto(`${prefix}/support`);
      const links = await page
        .locator('main a[href^="/"], nav a[href^="/"], footer a[href^="/"]')
        .evaluateAll((anchors) =>
          anchors.map((a) => ({
            href: a.getAttribute('href')!,
            lang: a.getAttribute('lang'),
            hreflang: a.getAttribute('hreflang'),
          })),
        );
      const english = links.filter(({ href }) => !href.startsWith(prefix) && !href.startsWith('#'));
      for (const link of english) {
        // The switcher's "English" aside, each is an English-only legal page.
        expect(link, link.href).toMatchObject({ lang: 'en', hreflang: 'en' });
      }
      if (english.length) await expect(page.getByText(words.interface.inEnglish).first()).toBeVisible();
    });

    test('an unknown address under its folder answers 404 with its own 404 page, and elsewhere with the English one', async ({
      page,
    }) => {
      test.slow(); // axe and several page loads, on a shared two-core machine
      const response = await page.goto(`${prefix}/nope`);
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.notFound.heading);
      await expect(page.getByRole('link', { name: words.interface.backToHome })).toHaveAttribute('href', `${prefix}/`);
      await expect(page.getByRole('link', { name: en.language.name, exact: true })).toHaveAttribute('href', '/');
      await expectNoAxeViolations(page);
      for (const path of ['/nope', `${prefix}nope`, '/legal/nope']) {
        expect((await page.goto(path))?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(en.notFound.heading);
      }
      // The page itself answers only as an error.
      expect((await page.goto(`${prefix}/404`))?.status()).toBe(404);
    });

    test.describe('the translated invite page', () => {
      test.skip(!config.invitePath, 'no invite page configured');
      const invite = `${prefix}${config.invitePath}`;
      const code = exampleInviteCode(config);

      test(
        'reads the code as the English one does, in its language, and switches language keeping the code',
        fullRun,
        async ({ page }) => {
          test.slow(); // axe and several page loads, on a shared two-core machine
          const problems = watchPageHealth(page);
          const response = await page.goto(`${invite}/${code}`);
          expect(response?.status()).toBe(200);
          expect(response?.headers()['referrer-policy']).toBe('no-referrer');
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.invite.heading, {
            useInnerText: true,
          });
          await expect(page.locator('.invite-code')).toHaveText(code);
          await expect(page.getByRole('link', { name: words.invite.openInApp })).toHaveAttribute(
            'href',
            new URL(`${invite}/${code}`, page.url()).href,
          );
          await expect(page.getByRole('link', { name: words.interface.appStoreButton })).toHaveAttribute(
            'href',
            config.appStoreUrl,
          );
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
          await expect(page.getByRole('link', { name: en.language.name, exact: true })).toHaveAttribute(
            'href',
            new URL(`${config.invitePath}/${code}`, page.url()).href,
          );
          await expectNoAxeViolations(page);
          expect(problems).toEqual([]);
        },
      );

      for (const path of [`${invite}/`, `${invite}/AB`, `${invite}/<script>alert(1)</script>`]) {
        // The English page's code handling is proven on every form; here the one a script could hide in.
        test(
          `${path} says in its language that the link is incomplete and echoes nothing`,
          fullRunUnless(path.includes('<')),
          async ({ page }) => {
            expect((await page.goto(path))?.status()).toBe(200);
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.invite.incompleteHeading, {
              useInnerText: true,
            });
            await expect(page.getByRole('link', { name: words.invite.openInApp })).toBeHidden();
            expect(await page.locator('main').innerText()).not.toMatch(/script|alert|AB\b/);
          },
        );
      }

      test('is not in the sitemap', fullRun, async ({ request }) => {
        expect(await html(request, '/sitemap-0.xml')).not.toContain(invite);
      });
    });

    test(
      'the translated landing runs no script before load beyond what the English one does',
      fullRun,
      async ({ page }) => {
        const english = await scriptsBeforeLoad(page, '/');
        const spanish = await scriptsBeforeLoad(page, `${prefix}/`);
        expect(spanish.files).toEqual(english.files);
        // Its inline code is the English page's but for the hash-address redirect, which only `/` needs.
        expect(spanish.inlineBytes).toBeGreaterThan(0);
        expect(spanish.inlineBytes).toBeLessThanOrEqual(english.inlineBytes);
      },
    );

    for (const width of [375, 1280]) {
      // The English pages pass axe in `npm test`; the translated ones share their layouts and are checked in the full run.
      test(`the translated pages pass axe and fit at ${width} px`, fullRun, async ({ page }) => {
        test.slow();
        await page.setViewportSize({ width, height: 800 });
        for (const path of [`${prefix}/`, `${prefix}/support`]) {
          await page.goto(path);
          if (path === `${prefix}/`) await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
          await expectNoAxeViolations(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
        }
      });
    }
  });
}
