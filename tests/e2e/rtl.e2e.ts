/**
 * A right-to-left language is one folder too (docs/languages.md#right-to-left-languages): in a copy of the project, an
 * Arabic folder copied from a translation's (its words may stay that language's), with `tag: ar` and listed in
 * `languages`, its legal translations approved as any are, built and served by the production nginx configuration.
 * At a phone's width and a desktop's, its landing page, footer, support page, a legal page and the invite page read
 * right to left, nothing runs off the screen or onto anything else, addresses and codes stay left to right, and
 * the English pages are the same pixels as in the site's own build: adding a language changes nothing in English.
 * In the full run: it pays for a build of its own (one to one and a half minutes here, with it).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { parseDocument } from 'yaml';
import { startNginx } from '../../scripts/nginx.ts';
import { loadConfig } from '../../src/config/index.ts';
import { legalPages } from 'legal-record';
import { recordFlag } from '../support/ownerContent.ts';
import { freePort } from '../support/processes.ts';
import { copyProject, type ProjectCopy } from '../support/projectCopy.ts';
import { watchPageHealth } from './support/page-health.ts';
import { fullRun } from './support/tiers.ts';

const config = loadConfig();
const code = 'ar';
/** A translation's folder, with its legal pages where it has them; the English one when the site has none. */
const source = config.languages.find((locale) => locale !== 'en') ?? 'en';
const widths = [375, 1280];

test.describe.configure({ mode: 'serial' });
let project: ProjectCopy | undefined;
let served = { origin: '', stop: async () => {} };
/** A legal page the Arabic folder translates (copied with its source's legal/), by its English address. */
let legalPath: string | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  project = copyProject();
  const folder = `src/content/i18n/${code}`;
  cpSync(join(project.dir, `src/content/i18n/${source}`), join(project.dir, folder), { recursive: true });
  // Its own facts, the words' comments kept: nothing but the tag says which way it runs.
  const words = parseDocument(project.read(`${folder}/words.yaml`));
  words.setIn(['language', 'name'], 'العربية');
  words.setIn(['language', 'tag'], code);
  words.setIn(['language', 'ogLocale'], 'ar_AR');
  words.deleteIn(['language', 'dir']);
  project.write(`${folder}/words.yaml`, String(words));
  project.edit('site.config.ts', /languages: \[[^\]]*\]/, `languages: ${JSON.stringify([...config.languages, code])}`);
  const legal = join(project.dir, folder, 'legal');
  const kinds = existsSync(legal)
    ? readdirSync(legal)
        .filter((name) => name.endsWith('.md'))
        .map((name) => name.slice(0, -3))
    : [];
  for (const kind of kinds)
    execFileSync(
      'node_modules/.bin/node',
      [
        'packages/legal/src/commands/approve.ts',
        kind,
        '--locale',
        code,
        '--by',
        'A Tester',
        '--note',
        'First version',
        ...recordFlag,
      ],
      { cwd: project.dir, stdio: 'pipe' },
    );
  legalPath = legalPages(config.features).find(({ kind }) => kinds.includes(kind))?.path;
  const { code: exit, output } = await project.build();
  expect(exit, output).toBe(0);
  const port = await freePort();
  served = { origin: `http://127.0.0.1:${port}`, ...(await startNginx({ port, root: join(project.dir, 'dist') })) };
});

test.afterAll(async () => {
  await served.stop();
  project?.remove();
});

type Box = { x: number; y: number; width: number; height: number };

/** Each element's box on the page, by a name for the messages; an element not shown has none. */
async function boxesOf(named: Record<string, Locator>) {
  const boxes: [string, Box][] = [];
  for (const [name, locator] of Object.entries(named)) {
    const box = await locator.boundingBox();
    expect(box, `${name} is shown`).not.toBeNull();
    boxes.push([name, box!]);
  }
  return boxes;
}

/** Nothing scrolls sideways, each element is inside the viewport's width, and no two of them overlap. */
async function expectLaidOut(page: Page, named: Record<string, Locator>, where: string) {
  const { scrollWidth, viewport } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: no horizontal overflow`).toBeLessThanOrEqual(viewport);
  const boxes = await boxesOf(named);
  for (const [name, box] of boxes) {
    expect(box.x, `${where}: ${name} starts on screen`).toBeGreaterThanOrEqual(-0.5);
    expect(box.x + box.width, `${where}: ${name} ends on screen`).toBeLessThanOrEqual(viewport + 0.5);
  }
  const overlap = (a: Box, b: Box) =>
    Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;
  for (const [index, [name, box]] of boxes.entries())
    for (const [other, otherBox] of boxes.slice(index + 1))
      expect(overlap(box, otherBox), `${where}: ${name} and ${other} overlap`).toBe(false);
}

/** The items of a row of links read right to left: the first of those on its line is the rightmost. */
async function expectFirstAtRight(items: Locator, where: string) {
  const boxes = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const { left, right, top } = element.getBoundingClientRect();
      return { left, right, top };
    }),
  );
  const [first, ...rest] = boxes;
  const sameLine = rest.filter(({ top }) => Math.abs(top - first!.top) < 2);
  for (const other of sameLine)
    expect(first!.left, `${where}: the first item is right of the next`).toBeGreaterThan(other.right - 0.5);
  return sameLine.length;
}

/** The first line of an element's text ends at its right edge (text-align: start), as a right-to-left line does. */
async function expectStartAtRight(locator: Locator, where: string) {
  const { lineRight, boxRight, lineLeft, boxLeft } = await locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const line = range.getClientRects()[0]!;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      lineRight: line.right,
      lineLeft: line.left,
      boxRight: box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
      boxLeft: box.left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth),
    };
  });
  expect(Math.abs(lineRight - boxRight), `${where}: its text starts at the right`).toBeLessThan(1.5);
  expect(lineLeft, `${where}: its text does not start at the left`).toBeGreaterThanOrEqual(boxLeft - 0.5);
}

const directionOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

/** The page's own direction and language, and none of its text laid out left to right by mistake. */
async function expectRtlPage(page: Page, where: string) {
  await expect(page.locator('html'), where).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html'), where).toHaveAttribute('lang', code);
  expect(await directionOf(page.locator('body')), where).toBe('rtl');
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });

    test(
      'the Arabic landing page and its footer read right to left, nothing clipped or overlapping',
      fullRun,
      async ({ page }) => {
        const problems = watchPageHealth(page);
        await page.goto(`${served.origin}/${code}/`);
        const where = `/${code}/ at ${width} px`;
        await expectRtlPage(page, where);
        // The video's control is shown once its island has started (after the load event): at the left, where lines end.
        const toggle = page.locator('.hero-video-toggle');
        await expect(toggle).toBeVisible({ timeout: 20_000 });
        const toggleBox = (await toggle.boundingBox())!;
        expect(toggleBox.x + toggleBox.width / 2, `${where}: the video's control is at the left`).toBeLessThan(
          width / 2,
        );
        const cta = page.locator('.cta');
        await expectLaidOut(
          page,
          {
            logo: page.locator('.hero-logo'),
            wordmark: page.locator('.wordmark'),
            tagline: page.locator('.tagline'),
            'store button': cta.locator('.store-buttons'),
            // The App Store's QR code beside it, on a wide screen with a fine pointer.
            ...(width >= 1024 && { 'QR code': cta.locator('.store-qr') }),
            'contact line': cta.locator('.contact-line'),
            'social links': cta.locator('.social-links'),
            'legal links': cta.locator('.legal-links'),
            "video's control": toggle,
          },
          `${where}, hero`,
        );
        await expectFirstAtRight(cta.locator('.social-links li'), `${where}, hero social links`);
        // The steps read from the right: the first card is right of the second where they share a row.
        await expectFirstAtRight(page.locator('.how-it-works li'), `${where}, steps`);
        await expectStartAtRight(page.locator('.how-it-works li p').first(), `${where}, a step's text`);
        expect(await directionOf(cta.locator('.contact-line a')), `${where}: the contact address`).toBe('ltr');

        const footer = page.locator('.site-footer');
        await footer.scrollIntoViewIfNeeded();
        const links = footer.locator('.legal-links > li');
        await expectLaidOut(
          page,
          Object.fromEntries(
            Array.from({ length: await links.count() }, (_, index) => [`footer link ${index + 1}`, links.nth(index)]),
          ),
          `${where}, footer`,
        );
        const onFirstLine = await expectFirstAtRight(links, `${where}, footer links`);
        // On a desktop the links share lines: the test above compared some.
        if (width >= 1024) expect(onFirstLine, `${where}: footer links beside the first`).toBeGreaterThan(0);
        const email = footer.locator(`a[href="mailto:${config.contactEmail}"]`);
        expect(await directionOf(email), `${where}: the footer's address`).toBe('ltr');
        await expect(email).toHaveText(config.contactEmail);
        await page.screenshot({ path: test.info().outputPath(`ar-landing-${width}.png`), fullPage: true });
        expect(problems).toEqual([]);
      },
    );

    test('the Arabic support page reads right to left, its address left to right', fullRun, async ({ page }) => {
      const problems = watchPageHealth(page);
      await page.goto(`${served.origin}/${code}/support`);
      const where = `/${code}/support at ${width} px`;
      await expectRtlPage(page, where);
      await expectStartAtRight(page.locator('main h1'), `${where}, the heading`);
      await expectStartAtRight(page.locator('.support-question p').first(), `${where}, an answer`);
      // The list of questions is indented on the right, where its numbers are.
      const toc = page.locator('.legal-toc ol');
      expect(
        await toc.evaluate((list) => [getComputedStyle(list).paddingRight, getComputedStyle(list).paddingLeft]),
      ).toEqual(['24px', '0px']);
      await expectFirstAtRight(page.locator('.legal-nav > a'), `${where}, the site's links`);
      await expectLaidOut(
        page,
        {
          'site links': page.locator('.legal-nav'),
          heading: page.locator('main h1'),
          intro: page.locator('main h1 + p'),
          questions: page.locator('.legal-toc'),
        },
        where,
      );
      const email = page.locator('#contact + p a');
      expect(await directionOf(email), `${where}: the contact address`).toBe('ltr');
      await page.screenshot({ path: test.info().outputPath(`ar-support-${width}.png`), fullPage: true });
      expect(problems).toEqual([]);
    });

    test('an Arabic legal page reads right to left', fullRun, async ({ page }) => {
      test.skip(!legalPath, `${source}'s folder translates no legal page`);
      const problems = watchPageHealth(page);
      await page.goto(`${served.origin}/${code}${legalPath}`);
      const where = `/${code}${legalPath} at ${width} px`;
      await expectRtlPage(page, where);
      await expectStartAtRight(page.locator('main h1'), `${where}, the title`);
      await expectStartAtRight(page.locator('.legal-summary p'), `${where}, the summary`);
      await expectFirstAtRight(page.locator('.legal-quick li'), `${where}, the quick actions`);
      expect(await page.locator('.legal-toc ol').evaluate((list) => getComputedStyle(list).paddingRight)).toBe('24px');
      await expectLaidOut(
        page,
        {
          'site links': page.locator('.legal-nav'),
          title: page.locator('main h1'),
          dates: page.locator('.legal-dates'),
          'quick actions': page.locator('.legal-quick'),
          summary: page.locator('.legal-summary'),
          contents: page.locator('.legal-toc'),
        },
        where,
      );
      // Every address the page links reads left to right; a list in its text is indented on the right.
      for (const email of await page.locator('.legal-body a[href^="mailto:"]').all())
        expect(await directionOf(email), `${where}: ${await email.textContent()}`).toBe('ltr');
      const list = page.locator('.legal-body ul').first();
      if (await list.count()) expect(await list.evaluate((ul) => getComputedStyle(ul).paddingRight)).toBe('20px');
      await page.screenshot({ path: test.info().outputPath(`ar-legal-${width}.png`), fullPage: true });
      expect(problems).toEqual([]);
    });

    test('the Arabic invite page shows the code left to right', fullRun, async ({ page }) => {
      test.skip(!config.invitePath, 'the site has no invite address');
      await page.goto(`${served.origin}/${code}${config.invitePath}/ABC123`);
      const where = `the Arabic invite at ${width} px`;
      await expectRtlPage(page, where);
      const shown = page.locator('.invite-code');
      await expect(shown).toHaveText('ABC123');
      expect(await directionOf(shown), where).toBe('ltr');
      await expectLaidOut(
        page,
        { heading: page.locator('.invite h1'), code: shown, open: page.locator('.invite-open') },
        where,
      );
    });
  });
}

test.describe('English, beside an Arabic language', () => {
  // No script: the still instead of the video and the scene, the same frame in both builds.
  test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' });
  const englishPaths = ['/', '/support', legalPages(config.features)[0]!.path];

  /**
   * The page down to its language switcher, which lists one language more in the copy; every image loaded (a lazy one
   * is scrolled to) and decoded first, or one build's picture may catch an image the other's has not painted yet.
   */
  async function shot(page: Page, url: string) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    const images = page.locator('img');
    for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.evaluateAll((all) => all.every((image) => (image as HTMLImageElement).complete)))
      .toBe(true);
    await images.evaluateAll((all) =>
      Promise.all(all.map((image) => (image as HTMLImageElement).decode().catch(() => {}))),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    const switcher = await page.locator('.language-switcher').boundingBox();
    const { width } = page.viewportSize()!;
    const bottom = switcher?.y ?? (await page.evaluate(() => document.documentElement.scrollHeight));
    return page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width, height: bottom } });
  }

  // One test per page and width: all of them in one ran past the timeout on a busy machine.
  for (const width of widths)
    for (const path of englishPaths)
      test(
        `${path} is the same pixels as in the site's own build at ${width} px`,
        fullRun,
        async ({ page, baseURL }) => {
          await page.setViewportSize({ width, height: 800 });
          const [a, b] = [
            PNG.sync.read(await shot(page, `${baseURL}${path}`)),
            PNG.sync.read(await shot(page, `${served.origin}${path}`)),
          ];
          expect([b.width, b.height], `${path} at ${width} px: the same size`).toEqual([a.width, a.height]);
          expect(b.data.equals(a.data), `${path} at ${width} px: the same pixels`).toBe(true);
        },
      );
});
