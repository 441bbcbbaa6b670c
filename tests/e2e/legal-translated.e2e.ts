import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { formatLegalDate, legalPages as readLegalPages, translationSources, quickActions } from 'legal-record';
import { localePath } from '../../src/lib/i18n.ts';
import { readWords } from '../../src/lib/words/words.node.ts';
import { tagOf } from '../../src/lib/languages.node.ts';
import { loadConfig } from '../../src/config/index.ts';
import { fullRunUnless } from './support/tiers.ts';

/**
 * The translated legal pages of each published language as a reader meets them: the whole translation, in its
 * language, tied to its English version.
 */

const legalPages = readLegalPages(loadConfig().features);
const approvals = parse(
  readFileSync(new URL('../../src/content/legal/approvals.yaml', import.meta.url), 'utf8'),
) as Record<string, { version: string; date: string; takesEffect?: string; translates?: string }[]>;

for (const locale of loadConfig().languages.filter((each) => each !== 'en')) {
  const translated = translationSources(locale);
  const englishOnly = legalPages.filter(({ kind }) => !translated.some((source) => source.kind === kind));
  const tag = tagOf(locale);
  const words = readWords(loadConfig(), locale);
  for (const { kind } of translated) {
    const english = legalPages.find((page) => page.kind === kind)!;
    const path = localePath(locale, english.path);
    // The version in effect today names the English it translates (a later one may be approved, to take effect later).
    const today = new Date().toISOString().slice(0, 10);
    const translates = approvals[`${kind}.${locale}`]!.filter((each) => (each.takesEffect ?? each.date) <= today).at(
      -1,
    )!.translates!;

    test.describe(path, () => {
      // One layout for every translated page: its parts are checked on the privacy policy in `npm test`.
      const layoutTier = fullRunUnless(kind === translated[0]!.kind);
      test('answers 200 in its language', async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
      });

      test('carries every section and sub-section id of the English page, in the same order', async ({ page }) => {
        const ids = async (address: string) => {
          await page.goto(address);
          return page.locator('.legal-body :is(h2, h3)[id]').evaluateAll((headings) => headings.map((h) => h.id));
        };
        const englishIds = await ids(english.path);
        expect(englishIds.length).toBeGreaterThan(0);
        expect(await ids(path)).toEqual(englishIds);
      });

      test('shows its dates in its language', layoutTier, async ({ page }) => {
        await page.goto(path);
        const first = page.locator('.legal-dates time').first();
        const day = (await first.getAttribute('datetime'))!;
        await expect(first).toHaveText(formatLegalDate(day, tag));
      });

      test('names the English version it translates, linking it', layoutTier, async ({ page }) => {
        await page.goto(path);
        const line = page.locator('.legal-translation');
        const [, version] = translates.split('@') as [string, string];
        const link = line.getByRole('link');
        await expect(link).toHaveAttribute('href', `/legal/${kind}/${version}`);
        await expect(link).toHaveAttribute('hreflang', 'en');
        await expect(link.locator('time')).toHaveAttribute('datetime', version.slice(0, 10));
        await expect(link.locator('time')).toHaveText(formatLegalDate(version.slice(0, 10), tag));
        const response = await page.goto(`/legal/${kind}/${version}`);
        expect(response?.status()).toBe(200);
      });

      test(
        'links its own history, which lists its versions and the English each translates',
        layoutTier,
        async ({ page }) => {
          await page.goto(path);
          const history = `/${locale}/legal/${kind}/history`;
          await expect(page.locator(`.legal-dates a[href="${history}"]`)).toHaveCount(1);
          const response = await page.goto(history);
          expect(response?.status()).toBe(200);
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.locator('.legal-history')).toContainText(`${kind}.${locale}@`);
          // The translation's first version is dated, the earlier ones said to be English only (review P10).
          const first = approvals[`${kind}.${locale}`]![0]!.version.slice(0, 10);
          const before = page.locator('.legal-history-before');
          if (await before.count())
            await expect(before.locator(`time[datetime="${first}"]`)).toHaveText(formatLegalDate(first, tag));
          // Newest first: the latest approved version, even one that takes effect later, and the English it translates.
          await expect(page.locator(`.legal-history a[href^="/legal/${kind}/"][hreflang="en"]`).first()).toHaveText(
            approvals[`${kind}.${locale}`]!.at(-1)!.translates!,
          );
        },
      );

      test(
        "labels its history in its language: none of the English words the site adds, a day's second version by its number",
        layoutTier,
        async ({ page }) => {
          await page.goto(`/${locale}/legal/${kind}/history`);
          const history = page.locator('.legal-history');
          const theirs: Record<string, unknown> = words.legal;
          const labels = Object.entries(readWords(loadConfig(), 'en').legal).filter(
            (entry): entry is [string, string] =>
              entry[0].startsWith('history') &&
              typeof entry[1] === 'string' &&
              !entry[1].includes('{{') &&
              entry[1] !== theirs[entry[0]],
          );
          expect(labels.length).toBeGreaterThan(5);
          for (const [key, english] of labels) await expect(history, key).not.toContainText(english);
          for (const heading of await history.locator('h2').allTextContents())
            expect(heading).not.toMatch(/\d{4}-\d{2}-\d{2}-\d/);
        },
      );

      test(
        'links the pages that are in English only, marked as English, with one line in its language saying so',
        layoutTier,
        async ({ page }) => {
          await page.goto(path);
          for (const other of englishOnly) {
            const links = page.locator(`.legal-nav a[href="${other.path}"], .legal-footer a[href="${other.path}"]`);
            expect(await links.count()).toBe(2);
            for (const link of await links.all()) {
              await expect(link).toHaveAttribute('hreflang', 'en');
              await expect(link).toHaveAttribute('lang', 'en');
              await expect(link).toHaveText(other.linkLabel);
            }
          }
          await expect(page.locator('.legal-english-only')).toHaveCount(englishOnly.length ? 1 : 0);
          // In the text too, a link to a page in English only says where it leads.
          for (const other of englishOnly) {
            for (const link of await page.locator(`.legal-body a[href^="${other.path}"]`).all())
              await expect(link).toHaveAttribute('hreflang', 'en');
          }
          // Said in the page's language (no lang of its own), in a line of its own.
          await expect(page.locator('.legal-english-only:not([lang])')).toHaveCount(englishOnly.length ? 1 : 0);
          // A quick action that opens a page in English only says so beside its link (review P14).
          const quick = page.locator('.legal-quick li').filter({ has: page.locator('a[hreflang="en"]') });
          for (const action of await quick.all()) await expect(action).toContainText(words.interface.inEnglish);
          expect(await quick.count()).toBe(
            quickActions.filter((action) => englishOnly.some(({ kind }) => kind === action.kind)).length,
          );
        },
      );

      test('has every line inside a landmark, and no violation of any axe rule', async ({ page }) => {
        test.slow(); // axe over a whole policy, every rule, on a shared two-core machine
        await page.goto(path);
        // The line on the pages in English only stands in the nav whose links it speaks of (axe's `region` rule).
        if (englishOnly.length) await expect(page.locator('nav.legal-nav .legal-english-only')).toHaveCount(1);
        // Every rule, best practices included, not only the WCAG ones the other pages are held to.
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(summary).toEqual([]);
      });
    });
  }
}

test('the English legal pages link no translated page and show no translation line', async ({ page }) => {
  for (const { path } of legalPages) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.legal-translation, .legal-english-only')).toHaveCount(0);
    for (const locale of loadConfig().languages.filter((each) => each !== 'en'))
      await expect(page.locator(`.legal-nav a[href^="/${locale}/"]`)).toHaveCount(0);
  }
});
