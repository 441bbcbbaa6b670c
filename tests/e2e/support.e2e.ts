import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { legalPages } from 'legal-record';
import { routes } from '../../src/lib/routes.ts';
import { readQuestions, readWords } from '../../src/lib/words/words.node.ts';
import { expectNoAxeViolations, watchPageHealth } from './support/page-health.ts';
import { fullRun } from './support/tiers.ts';

const config = loadConfig();
const words = readWords(loadConfig());
const questions = await readQuestions(loadConfig());

/** The Support page (docs/requirements.md#support): the Support URL App Store Connect asks for. */
test('answers the questions a student asks, without JavaScript, each linking the legal section it summarises', async ({
  page,
}) => {
  test.slow(); // one page after another: minutes on a busy machine, where one page takes seconds
  const problems = watchPageHealth(page);
  const response = await page.goto(routes.support);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(words.support.title);
  await expect(page.getByRole('heading', { level: 1, name: words.support.heading })).toBeVisible();
  // No script runs here (the JSON-LD block is data).
  await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);

  const asked = page.locator('main h2').filter({ hasText: /\?$/ });
  expect(await asked.count()).toBe(questions.length);
  // The list of questions leads to each.
  const contents = page.getByRole('navigation', { name: words.support.questions });
  for (const { question } of questions) {
    await contents.getByRole('link', { name: question, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: question, exact: true })).toBeInViewport();
  }

  const main = page.locator('main');
  await expect(main.getByRole('link', { name: config.contactEmail }).first()).toHaveAttribute(
    'href',
    `mailto:${config.contactEmail}`,
  );
  await expect(main.getByText('STOP', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('HELP', { exact: true }).first()).toBeVisible();
  // Each answer reads as its content file says, tokens filled (tests/integration/owner-edits.test.ts changes one).
  for (const { question, html } of questions) {
    const answer = page.locator('section', { has: page.getByRole('heading', { name: question, exact: true }) });
    const expected = await page.evaluate((markup) => {
      const template = document.createElement('template');
      template.innerHTML = markup;
      return template.content.textContent!.replace(/\s+/g, ' ').trim();
    }, html);
    await expect(answer).toContainText(expected);
  }

  // Every "read more" link lands on a section of a legal page that exists.
  const sources = await page
    .locator('.support-sources a')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href')!));
  const deletion = legalPages(config.features).find((each) => each.kind === 'delete-account')!;
  expect(sources).toContain(`${deletion.path}#in-the-app`);
  for (const href of new Set(sources)) {
    const [path, anchor] = href.split('#');
    await page.goto(path!);
    await expect(page.locator(`[id="${anchor}"]`), href).toHaveCount(1);
  }
  expect(problems).toEqual([]);
});

for (const width of [375, 1280]) {
  test(`reads without sideways scrolling and has no axe violations at ${width} px`, fullRun, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(routes.support);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
  });
}

test('every page links to the support page from its footer', fullRun, async ({ page }) => {
  test.slow(); // one page after another: minutes on a busy machine, where one page takes seconds
  const invite = config.invitePath && `${config.invitePath}/ABC123`;
  const paths = [
    '/',
    ...legalPages(config.features).flatMap((each) => [each.path, `/legal/${each.kind}/history`]),
    ...(invite ? [invite] : []),
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('footer').getByRole('link', { name: words.interface.support }), path).toHaveAttribute(
      'href',
      routes.support,
    );
  }
  // The 404 page shows no footer (its invite face does): its way to help stands under the way home.
  await page.goto('/no-such-page');
  const help = page.locator('.not-found').getByRole('link', { name: words.interface.support });
  await expect(help).toBeVisible();
  await expect(help).toHaveAttribute('href', routes.support);
});
