import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import {
  configInEffect,
  requiredIn,
  legalPage,
  legalPages as readLegalPages,
  legalTitle as titleOf,
  quickActions,
  legalSections,
  legalSubSections,
  formatLegalDate,
  legalTokens,
  siteHostOf,
} from 'legal-record';
import { loadConfig } from '../../src/config/index.ts';
import { expectNoAxeViolations } from './support/page-health.ts';
import { fullRun, fullRunUnless } from './support/tiers.ts';

// The features in effect: a switch approved for later reaches the pages on its day (featuresInEffect.node.ts).
const config = configInEffect(loadConfig());
/** The legal pages' own English words (src/content/i18n/en/words.yaml, `legal`): the quick actions' labels. */
const legalWords = (
  parse(readFileSync(new URL('../../src/content/i18n/en/words.yaml', import.meta.url), 'utf8')) as {
    legal: Record<string, string>;
  }
).legal;

/** The legal pages as a reader and a reviewer meet them: structure and facts, never the wording of the prose, which
 *  the owner may change (docs/legal-pages.md). */

/** Every id in each page's text. App listings and SMS registrations link to them, so a change must be deliberate:
 *  update this file in the same commit. */
const snapshotFile = new URL('./legal-ids.snapshot.json', import.meta.url);
const idSnapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Record<string, string[]>;
/** Every value the pages quote as a token: the e2e checks read them, never type them. */
const tokens = legalTokens(loadConfig());
const legalPages = readLegalPages(config.features);
const legalTitle = (productName: string, kind: string) => titleOf(productName, legalPage(kind));
const otherLegalPages = (kind: string) => legalPages.filter((page) => page.kind !== kind);
const routes = { home: '/', privacy: legalPage('privacy').path, terms: legalPage('terms').path };

/** A page's front matter as its Markdown file has it. */
const frontMatter = (kind: string) => {
  const source = readFileSync(new URL(`../../src/content/legal/${kind}.md`, import.meta.url), 'utf8');
  return parse(/^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '') as { title: string; effective: string };
};

/** What the part of a page an id names holds: a heading's section (up to the next heading of its level or above), or
 *  the element with that id. */
const partOf = (page: Page, id: string) =>
  page.evaluate((id) => {
    const level = (element: Element) => Number(/^H([1-6])$/.exec(element.tagName)?.[1] ?? 9);
    const first = document.getElementById(id);
    const elements: Element[] = first && level(first) === 9 ? [first] : [];
    let next = first?.nextElementSibling;
    while (first && next && level(next) > level(first)) {
      elements.push(next);
      next = next.nextElementSibling;
    }
    const all = (selector: string) =>
      elements.flatMap((element) =>
        [element, ...element.querySelectorAll(selector)].filter((each) => each.matches(selector)),
      );
    return {
      tag: first?.tagName,
      text: elements.map((element) => element.textContent?.replace(/\s+/g, ' ')).join(' '),
      bold: all('strong, b')
        .filter((element) => Number(getComputedStyle(element).fontWeight) >= 700)
        .map((element) => element.textContent?.trim()),
      quotes: all('blockquote').map((quote) => (quote as HTMLElement).innerText.trim().split(/\s*\n\s*/)),
    };
  }, id);

/** Each table's name, region and table boxes, column names, and each body row's cells: box, drawn label, colours. */
const tablesOf = (page: Page) =>
  page.locator('.legal-table').evaluateAll((regions) =>
    regions.map((region) => {
      const table = region.querySelector('table')!;
      const box = (element: Element) => {
        const { left, right, top } = element.getBoundingClientRect();
        return { left, right, top, scrollWidth: element.scrollWidth, clientWidth: element.clientWidth };
      };
      const cell = (td: Element) => {
        const [style, before] = [getComputedStyle(td), getComputedStyle(td, '::before')];
        return { ...box(td), label: before.content, colors: [style.color, style.backgroundColor] };
      };
      return {
        name: region.getAttribute('aria-labelledby') ?? '',
        region: box(region),
        table: { ...box(table), display: getComputedStyle(table).display },
        columns: [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()),
        rows: [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map(cell)),
      };
    }),
  );

/** Nothing of a table is cut off: its region and table lie within the width, and the region has nothing to scroll. */
function expectWhole(tables: Awaited<ReturnType<typeof tablesOf>>, width: number) {
  for (const { name, region, table } of tables) {
    expect(Math.min(region.left, table.left), name).toBeGreaterThanOrEqual(0);
    expect(Math.max(region.right, table.right), name).toBeLessThanOrEqual(width);
    expect(region.scrollWidth, name).toBeLessThanOrEqual(region.clientWidth);
  }
}

/** A table's rows as a table shows them: each row's cells side by side, sharing a top. */
function expectRowsSideBySide(tables: Awaited<ReturnType<typeof tablesOf>>) {
  for (const { name, table, columns, rows } of tables) {
    expect(table.display, name).toBe('table');
    for (const cells of rows) {
      expect(cells, name).toHaveLength(columns.length);
      expect(new Set(cells.map((cell) => Math.round(cell.top))).size, name).toBe(1);
    }
  }
}

for (const legal of legalPages) {
  const { title, effective } = frontMatter(legal.kind);
  const sections = legalSections[legal.kind] ?? [];
  // What law.ts wants in a section: a sentence word for word (its token's value), or a word in bold.
  const required = requiredIn(legal.kind, config.features);
  // Every page shares one layout: its checks run on the privacy policy in `npm test`, on the others in the full run.
  const layoutTier = fullRunUnless(legal.kind === 'privacy');
  // The specification's two pages keep their text's ids in `npm test`; the others in the full run.
  const specTier = fullRunUnless(legal.kind === 'privacy' || legal.kind === 'terms');

  test.describe(legal.path, () => {
    test('shows its title, one h1, its effective date and its sections in the required order', async ({ page }) => {
      await page.goto(legal.path);
      await expect(page).toHaveTitle(legalTitle(config.productName, legal.kind));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText([title]);
      const time = page.locator('.legal-dates time').first();
      await expect(time).toHaveAttribute('datetime', effective);
      await expect(time).toHaveText(formatLegalDate(effective));
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(jsonLd).toMatchObject({ '@type': 'WebPage', datePublished: effective });
      expect(jsonLd.dateModified).toBe(await page.locator('.legal-dates time').last().getAttribute('datetime'));
      const h2s = (selector: string, attribute: string) =>
        page.locator(selector).evaluateAll((all, name) => all.map((element) => element.getAttribute(name)), attribute);
      expect(await h2s('.legal-body h2', 'id')).toEqual(sections);
      expect(await h2s('.legal-toc a', 'href')).toEqual(sections.map((id) => `#${id}`));
    });

    test('keeps every id of its text (legal-ids.snapshot.json)', specTier, async ({ page }) => {
      await page.goto(legal.path);
      const ids = await page.locator('.legal-body [id]').evaluateAll((all) => all.map((element) => element.id));
      // Less the sections of a feature the app lacks (docs/legal-pages.md#features).
      const lacking = (legalSubSections[legal.kind] ?? []).filter(
        ({ feature }) => feature && !config.features[feature],
      );
      expect(ids).toEqual(idSnapshot[legal.kind]!.filter((id) => !lacking.some((sub) => sub.id === id)));
    });

    test(
      'ends with a link home, links the other legal pages; every in-page and mail link works',
      layoutTier,
      async ({ page }) => {
        await page.goto(legal.path);
        const last = page.locator('.legal-page a[href]').last();
        await expect(last).toHaveText('Back to Home');
        await expect(last).toHaveAttribute('href', routes.home);
        for (const other of otherLegalPages(legal.kind)) {
          const link = page.getByRole('contentinfo').getByRole('link', { name: other.linkLabel, exact: true });
          await expect(link).toHaveAttribute('href', other.path);
        }
        const links = await page.locator('a[href]').evaluateAll((all) => all.map((link) => link.getAttribute('href')!));
        const inPage = links.filter((href) => href.startsWith('#'));
        const unresolved = await page.evaluate(
          (hrefs) => hrefs.filter((href) => !document.getElementById(decodeURIComponent(href.slice(1)))),
          inPage,
        );
        expect(unresolved).toEqual([]);
        const mail = links.filter((href) => href.startsWith('mailto:'));
        const allowed = [config.contactEmail, config.copyrightAgentEmail].map((address) => `mailto:${address}`);
        // A prefilled subject may follow the address.
        expect(mail.filter((href) => !allowed.includes(href.split('?')[0]!))).toEqual([]);
      },
    );

    if (required.length) {
      test('has each mandated sentence and each word in bold in the section its rule names', async ({ page }) => {
        await page.goto(legal.path);
        for (const { text, within } of required) {
          const part = await partOf(page, within);
          const bold = /^\*\*(.*)\*\*$/.exec(text)?.[1];
          // A data block (`{{practices.keptLonger}}`) is no sentence: the build checks it is placed there.
          const name = text.slice(2, -2);
          if (bold) expect(part.bold, `#${within}`).toContain(bold);
          else if (!name.startsWith('practices.')) expect(part.text, `#${within}`).toContain(tokens[name]);
        }
      });
    }

    // This suite's build has no monitoring DSN; with one, the pages also carry the monitoring loader (monitoring.e2e.ts).
    test('reads the same with JavaScript disabled, and asks for none', layoutTier, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
      await page.goto(legal.path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(await page.locator('.legal-body h2').evaluateAll((all) => all.map((h2) => h2.id))).toEqual(sections);
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
      expect(scripts).toEqual([]);
      await context.close();
    });

    test(
      'reads at 320 px: nothing wider, each table row a card showing its column names',
      layoutTier,
      async ({ page }) => {
        await page.setViewportSize({ width: 320, height: 800 });
        await page.goto(legal.path);
        const html = page.locator('html');
        expect(await html.evaluate((root) => [root.scrollWidth, root.clientWidth])).toEqual([320, 320]);
        const tables = await tablesOf(page);
        expectWhole(tables, 320);
        for (const { name, columns, rows } of tables) {
          const labels = columns.map((column) => JSON.stringify(column));
          for (const cells of rows) {
            // A card: each cell under its column's name, one under another, at one left edge.
            const drawn = cells.map(({ label }) => label);
            expect(drawn, name).toEqual(labels);
            const tops = cells.map(({ top }) => top);
            expect(tops, name).toEqual([...tops].sort((a, b) => a - b));
            expect(new Set(cells.map(({ left }) => Math.round(left))).size, name).toBe(1);
          }
        }
        // Screen readers still get the column headers (Chromium's own accessibility tree).
        const { nodes } = (await (await page.context().newCDPSession(page)).send('Accessibility.getFullAXTree')) as {
          nodes: { ignored: boolean; role?: { value: string } }[];
        };
        const headers = nodes.filter((node) => !node.ignored && node.role?.value === 'columnheader');
        expect(headers).toHaveLength(tables.flatMap((table) => table.columns).length);
      },
    );

    // The text's own markup on every page in `npm test`, at one width; the second width in the full run.
    for (const width of [375, 1280]) {
      test(
        `has no axe violations at ${width} px`,
        fullRunUnless(width === 375 && legal.kind === 'privacy'),
        async ({ page }) => {
          test.slow(); // axe over the whole privacy policy takes a while on a busy two-core machine
          await page.setViewportSize({ width, height: 900 });
          await page.goto(legal.path);
          await expectNoAxeViolations(page);
        },
      );
    }
  });
}

test.describe('the SMS terms', () => {
  test('show STOP and HELP in bold, the code limit and the carriers clause', async ({ page }) => {
    await page.goto(routes.terms);
    const bold = [(await partOf(page, 'stop')).bold, (await partOf(page, 'help')).bold];
    expect(bold).toEqual([expect.arrayContaining(['STOP']), expect.arrayContaining(['HELP'])]);
    expect((await partOf(page, 'message-frequency')).text).toMatch(new RegExp(`\\b${config.otpCodesPerHour}\\b`));
    expect((await partOf(page, 'carriers')).text).toContain(tokens.carriersNotLiable);
  });

  test("quote the consent wording as a block quotation, with the sign-up screen under it: the owner's screenshot, or one drawn from its words", async ({
    page,
  }) => {
    await page.goto(routes.terms);
    expect((await partOf(page, 'consent-wording')).tag).toBe('BLOCKQUOTE');
    const words = (selector: string) =>
      page.locator(selector).evaluate((element) => element.textContent!.replace(/\s+/g, ' ').trim());
    const screen = page.getByRole('img', { name: /sign-up screen/ });
    await expect(screen).toBeVisible();
    const screenshot = config.smsConsentScreenshot;
    if (screenshot) await expect(screen).toHaveAttribute('src', screenshot);
    else expect(await words('.consent-screen-wording')).toBe(await words('#consent-wording'));
  });

  test('show two sample messages with the brand and a code, one ending in the domain-bound line', async ({ page }) => {
    await page.goto(routes.terms);
    const { quotes } = await partOf(page, 'sample-messages');
    expect(quotes).toHaveLength(2);
    const code = (lines: string[]) => /\b(\d{4,8})\b/.exec(lines.join(' '))?.[1];
    for (const lines of quotes) {
      expect(lines.join(' ')).toContain(config.productName);
      expect(code(lines)).toBeDefined();
    }
    const bound = quotes.find((lines) => lines.at(-1)?.startsWith('@'));
    expect(bound?.at(-1)).toBe(`@${siteHostOf(config.siteUrl)} #${code(bound ?? [])}`);
  });
});

test(
  'every legal page opens with the quick actions, each leading to the section that does it, without JavaScript',
  fullRun,
  async ({ browser }) => {
    test.slow(); // one page after another: minutes on a busy machine, where one page takes seconds
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const legal of legalPages) {
      await page.goto(legal.path);
      const actions = page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link');
      await expect(actions).toHaveText(quickActions.map(({ word }) => legalWords[word]));
      for (const href of await actions.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))) {
        await page.goto(href);
        await expect(page.locator(`[id="${new URL(href).hash.slice(1)}"]`)).toBeVisible();
        await page.goto(legal.path);
      }
    }
    await context.close();
  },
);

test.describe('the privacy policy', () => {
  test('states the deletion period, and leads from the top and from its deletion section to the deletion page', async ({
    page,
  }) => {
    await page.goto(routes.privacy);
    expect((await partOf(page, 'retention')).text).toContain(`${config.accountDeletionDays} days`);
    const deletion = legalPage('delete-account').path;
    await expect(page.locator(`.legal-quick a[href="${deletion}#in-the-app"]`)).toBeVisible();
    await expect(page.locator(`#delete-account ~ p a[href="${deletion}"]`).first()).toBeVisible();
  });
});

test.describe('the privacy tables', () => {
  test('are tables on a wide screen: each row side by side, nothing cut off', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(routes.privacy);
    const tables = await tablesOf(page);
    expect(tables.map((table) => table.name)).toContain('ccpa-categories');
    expectWhole(tables, 1280);
    expectRowsSideBySide(tables);
  });

  test('print whole, as tables, black on white', fullRun, async ({ page }) => {
    // A4's printable width at Chromium's default margins (190 mm at 96 px per inch), narrower than Letter's.
    await page.setViewportSize({ width: 718, height: 1000 });
    await page.goto(routes.privacy);
    await page.emulateMedia({ media: 'print' });
    const tables = await tablesOf(page);
    expectWhole(tables, 718);
    expectRowsSideBySide(tables);
    const colors = new Set(tables.flatMap((table) => table.rows.flat().map((cell) => cell.colors.join(' on '))));
    expect([...colors]).toEqual(['rgb(0, 0, 0) on rgb(255, 255, 255)']);
  });
});

test("/.well-known/gpc.json honors Global Privacy Control as of the policy's last update", async ({ page }) => {
  const response = await page.request.get('/.well-known/gpc.json');
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  await page.goto(routes.privacy);
  const lastUpdate = await page.locator('.legal-dates time').nth(1).getAttribute('datetime');
  expect(await response.json()).toEqual({ gpc: true, lastUpdate });
});
