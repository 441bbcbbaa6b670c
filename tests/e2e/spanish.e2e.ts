import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { exampleInviteCode } from '../../src/lib/invite/invite.ts';
import { readWords } from '../../src/lib/words/words.node.ts';
import { expectNoAxeViolations, watchPageHealth } from './support/page-health.ts';
import { fullRun, fullRunUnless } from './support/tiers.ts';

const config = loadConfig();
const es = readWords(loadConfig(), 'es');
const en = readWords(loadConfig(), 'en');

/**
 * The site in Spanish (docs/requirements.md#spanish), over the production nginx configuration: the pages under
 * `/es/` in Spanish, each pair of pages naming the other (hreflang, the sitemap, the switcher), the Spanish 404 page
 * for a Spanish address that does not exist, and the Spanish invite page reading its code as the English one does.
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

for (const [path, heading] of [
  ['/es/', config.productName],
  ['/es/support', es.support.heading],
] as const) {
  test(`${path} answers 200 in Spanish: lang, og:locale, JSON-LD and words`, async ({ page }) => {
    const problems = watchPageHealth(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'es_US');
    await expect(page.locator('meta[property="og:locale:alternate"]')).toHaveAttribute('content', 'en_US');
    const languages = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? '{}').inLanguage));
    expect(languages.filter(Boolean)).not.toHaveLength(0);
    expect(languages.filter(Boolean).every((language) => language === 'es')).toBe(true);
    await expect(page.getByRole('link', { name: es.interface.skipLink })).toHaveCount(1);
    expect(problems).toEqual([]);
  });
}

test('every page of the sitemap with a Spanish twin lists en, es and x-default, absolute and reciprocal', async ({
  request,
}) => {
  const sitemap = await html(request, '/sitemap-0.xml');
  const entries = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(([, loc, rest]) => ({
    loc: loc!,
    links: Object.fromEntries([...rest!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, l, h]) => [l!, h!])),
  }));
  const pairs = entries.filter(({ loc }) => local(loc).startsWith('/es'));
  expect(pairs.map(({ loc }) => local(loc))).toEqual(expect.arrayContaining(['/es/', '/es/support']));
  for (const { loc, links } of entries) {
    const own = alternatesIn(await html(request, local(loc)));
    if (Object.keys(links).length === 0) {
      expect(own, loc).toEqual({});
      continue;
    }
    // The head and the sitemap say the same: each language's page, and x-default the English one.
    expect(Object.keys(own).sort(), loc).toEqual(['en', 'es', 'x-default']);
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

test('a language switcher of plain links, marked with their language, leads between the pages of a pair', async ({
  page,
}) => {
  test.slow(); // axe and several page loads, on a shared two-core machine
  for (const [from, to, name, lang] of [
    ['/', '/es/', 'Español', 'es'],
    ['/es/', '/', 'English', 'en'],
    ['/support', '/es/support', 'Español', 'es'],
    ['/es/support', '/support', 'English', 'en'],
  ] as const) {
    await page.goto(from);
    const link = page
      .getByRole('navigation', { name: from.startsWith('/es') ? es.interface.languageNav : en.interface.languageNav })
      .getByRole('link');
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

test("the Spanish landing offers the App Store in Apple's own Spanish wording, and links its support page", async ({
  page,
}) => {
  await page.goto('/es/');
  const store = page.getByRole('link', { name: es.interface.appStoreButton }).first();
  await expect(store).toHaveAttribute('href', config.appStoreUrl);
  await expect(page.locator('.site-footer').getByRole('link', { name: es.interface.support })).toHaveAttribute(
    'href',
    '/es/support',
  );
});

test('a Spanish page marks every link to a page that exists only in English', fullRun, async ({ page }) => {
  await page.goto('/es/support');
  const links = await page.locator('main a[href^="/"], nav a[href^="/"], footer a[href^="/"]').evaluateAll((anchors) =>
    anchors.map((a) => ({
      href: a.getAttribute('href')!,
      lang: a.getAttribute('lang'),
      hreflang: a.getAttribute('hreflang'),
    })),
  );
  const english = links.filter(({ href }) => !href.startsWith('/es') && !href.startsWith('#'));
  expect(english.length).toBeGreaterThan(0);
  for (const link of english) {
    // The switcher's "English" aside, each is an English-only legal page.
    expect(link, link.href).toMatchObject({ lang: 'en', hreflang: 'en' });
  }
  await expect(page.getByText(es.interface.inEnglish).first()).toBeVisible();
});

test('an unknown address under /es/ answers 404 with the Spanish 404 page, and elsewhere with the English one', async ({
  page,
}) => {
  test.slow(); // axe and several page loads, on a shared two-core machine
  const response = await page.goto('/es/nope');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.notFound.heading);
  await expect(page.getByRole('link', { name: es.interface.backToHome })).toHaveAttribute('href', '/es/');
  await expect(page.getByRole('link', { name: 'English', exact: true })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
  for (const path of ['/nope', '/esnope', '/legal/nope']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(en.notFound.heading);
  }
  // The page itself answers only as an error.
  expect((await page.goto('/es/404'))?.status()).toBe(404);
});

test.describe('the Spanish invite page', () => {
  test.skip(!config.invitePath, 'no invite page configured');
  const invite = `/es${config.invitePath}`;
  const code = exampleInviteCode(config);

  test(
    'reads the code as the English one does, in Spanish, and switches language keeping the code',
    fullRun,
    async ({ page }) => {
      test.slow(); // axe and several page loads, on a shared two-core machine
      const problems = watchPageHealth(page);
      const response = await page.goto(`${invite}/${code}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.invite.heading, { useInnerText: true });
      await expect(page.locator('.invite-code')).toHaveText(code);
      await expect(page.getByRole('link', { name: es.invite.openInApp })).toHaveAttribute(
        'href',
        new URL(`${invite}/${code}`, page.url()).href,
      );
      await expect(page.getByRole('link', { name: es.interface.appStoreButton })).toHaveAttribute(
        'href',
        config.appStoreUrl,
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.getByRole('link', { name: 'English', exact: true })).toHaveAttribute(
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
      `${path} says in Spanish that the link is incomplete and echoes nothing`,
      fullRunUnless(path.includes('<')),
      async ({ page }) => {
        expect((await page.goto(path))?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.invite.incompleteHeading, {
          useInnerText: true,
        });
        await expect(page.getByRole('link', { name: es.invite.openInApp })).toBeHidden();
        expect(await page.locator('main').innerText()).not.toMatch(/script|alert|AB\b/);
      },
    );
  }

  test('is not in the sitemap', fullRun, async ({ request }) => {
    expect(await html(request, '/sitemap-0.xml')).not.toContain(invite);
  });
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

test('the Spanish landing runs no script before load beyond what the English one does', fullRun, async ({ page }) => {
  const english = await scriptsBeforeLoad(page, '/');
  const spanish = await scriptsBeforeLoad(page, '/es/');
  expect(spanish.files).toEqual(english.files);
  // Its inline code is the English page's but for the hash-address redirect, which only `/` needs.
  expect(spanish.inlineBytes).toBeGreaterThan(0);
  expect(spanish.inlineBytes).toBeLessThanOrEqual(english.inlineBytes);
});

for (const width of [375, 1280]) {
  // The English pages pass axe in `npm test`; the Spanish ones share their layouts and are checked in the full run.
  test(`the Spanish pages pass axe and fit at ${width} px`, fullRun, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/es/', '/es/support']) {
      await page.goto(path);
      if (path === '/es/') await expect(page.locator('.cta')).toHaveCSS('opacity', '1', { timeout: 10_000 });
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
  });
}
