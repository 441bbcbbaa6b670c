import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { config } from '../../src/lib/config.ts';
import { legalSections, revocationKeywords } from '../../src/lib/legal/clauses.ts';
import { lawFacts, siteHostOf } from '../../src/lib/legal/tokens.ts';
import { readLegalSource } from '../../src/lib/legal/loader.node.ts';
import { legalPages, otherLegalPages } from '../../src/lib/legal/pages.ts';
import { formatLegalDate } from '../../src/lib/legal/source.ts';
import { routes } from '../../src/lib/routes.ts';
import { expectNoAxeViolations } from './support/page-health.ts';

/** The section and sub-section ids of every legal page. They are linked from app listings and SMS registrations, so a
 *  change must be deliberate: update this file in the same commit, and keep a redirect note for old links. */
const idSnapshot = JSON.parse(readFileSync(new URL('./legal-ids.snapshot.json', import.meta.url), 'utf8')) as Record<
  string,
  string[]
>;

/** The headings and titles as the Markdown has them: the owner may reword them (the ids and order are what stay). */
const sources = Object.fromEntries(
  await Promise.all(
    legalPages.map(async ({ kind }) => [kind, await readLegalSource(`src/content/legal/${kind}.md`)] as const),
  ),
);
const h2sOf = (kind: string) =>
  sources[kind]!.headings.filter((heading) => heading.depth === 2).map((heading) => heading.text);

/** The specification's effective dates; the guidelines' is their own front matter's. */
const specifiedEffective: Record<string, string> = { privacy: '2024-12-16', terms: '2025-07-12' };

const pages = legalPages.map((legal) => {
  const effective = specifiedEffective[legal.kind] ?? sources[legal.kind]!.data.effective;
  return {
    kind: legal.kind,
    path: legal.path,
    title: `${config.productName} ${legal.titleWord}`,
    h1: sources[legal.kind]!.data.title,
    effective: [effective, formatLegalDate(effective)],
    sections: h2sOf(legal.kind),
    others: otherLegalPages(legal.kind).map((other) => ({
      kind: other.kind,
      path: other.path,
      label: other.linkLabel,
      h1: sources[other.kind]!.data.title,
    })),
  };
});

const sectionHeadings = (page: Page) => page.locator('.legal-body h2');

for (const legal of pages) {
  test.describe(`the ${legal.h1} page`, () => {
    test('shows its title, heading, dates and a non-binding summary', async ({ page }) => {
      await page.goto(legal.path);
      await expect(page).toHaveTitle(legal.title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.h1);
      const [datetime, text] = legal.effective;
      const effective = page.locator('time').first();
      await expect(effective).toHaveAttribute('datetime', datetime);
      await expect(effective).toHaveText(text);
      const dates = page.locator('.legal-dates');
      await expect(dates).toContainText(`Effective ${text}`);
      await expect(dates).toContainText(/Last updated [A-Z][a-z]+ \d{1,2}, \d{4}/);
      await expect(page.locator('time').nth(1)).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText('This summary is for convenience only');
    });

    test("lists its sections in the specification's order, with a table of contents", async ({ page }) => {
      await page.goto(legal.path);
      await expect(sectionHeadings(page)).toHaveText([...legal.sections]);
      const ids = (legalSections[legal.kind] ?? []).map((section) => `#${section.id}`);
      const contents = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
      await expect(contents).toHaveText([...legal.sections]);
      expect(await contents.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(ids);

      // Following an entry scrolls its section into view.
      await contents.last().click();
      await expect(page).toHaveURL(new RegExp(`${ids.at(-1)}$`));
      await expect(sectionHeadings(page).last()).toBeInViewport();
    });

    test('keeps every section and sub-section id', async ({ page }) => {
      await page.goto(legal.path);
      const ids = await page
        .locator('.legal-body :is(h2, h3)')
        .evaluateAll((headings) => headings.map((heading) => heading.id));
      expect(ids).toEqual(idSnapshot[legal.kind]);
    });

    test('links back home and to the other legal pages', async ({ page }) => {
      await page.goto(legal.path);
      for (const other of legal.others) {
        const link = page.getByRole('contentinfo').getByRole('link', { name: other.label });
        await expect(link).toHaveAttribute('href', other.path);
      }
      const home = page.getByRole('link', { name: 'Back to Home' });
      await expect(home).toHaveAttribute('href', routes.home);
      await home.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page).toHaveTitle(config.productName);

      const other = legal.others[0]!;
      await page.goto(legal.path);
      await page.getByRole('contentinfo').getByRole('link', { name: other.label }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.h1);
      await page.goBack();
      // The text links to another legal page too.
      const inText = legal.others.map((each) => `.legal-body a[href^="${each.path}"]`).join(', ');
      await expect(page.locator(inText).first()).toBeVisible();
    });

    test('writes every email as a mail link to the configured address', async ({ page }) => {
      await page.goto(legal.path);
      const mailLinks = page.locator('a[href^="mailto:"]');
      expect(await mailLinks.count()).toBeGreaterThan(0);
      for (const link of await mailLinks.all()) {
        await expect(link).toHaveAttribute('href', `mailto:${config.contactEmail}`);
        await expect(link).toHaveText(config.contactEmail);
      }
    });

    // This suite's build has no monitoring DSN; with one, the pages also carry the monitoring loader (monitoring.e2e.ts).
    test('requests no JavaScript and reads the same with JavaScript disabled', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await page.goto(legal.path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.h1);
      await expect(sectionHeadings(page)).toHaveText([...legal.sections]);
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeVisible();
      expect(scripts).toEqual([]);
      // Nothing executable in the HTML either: the only script element is the JSON-LD data block.
      const scriptTypes = await page
        .locator('script')
        .evaluateAll((elements) => elements.map((script) => script.getAttribute('type')));
      expect(scriptTypes).toEqual(['application/ld+json']);
      await context.close();
    });

    test('describes itself as a schema.org WebPage with its dates', async ({ page }) => {
      await page.goto(legal.path);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
      expect(jsonLd).toMatchObject({ '@type': 'WebPage', datePublished: legal.effective[0] });
      expect(jsonLd.dateModified).toBe(await page.locator('time').nth(1).getAttribute('datetime'));
      await expect(page.locator('link[rel="privacy-policy"]')).toHaveAttribute('href', routes.privacy);
      await expect(page.locator('link[rel="terms-of-service"]')).toHaveAttribute('href', routes.terms);
    });

    test('stays within its size budget (HTML and CSS under 30 KB gzip)', async ({ request }) => {
      const response = await request.get(legal.path);
      // The CSS is inlined into the HTML, so the page's own bytes are the whole budget.
      const gzipped = gzipSync(await response.body()).byteLength;
      expect(gzipped).toBeLessThan(30 * 1024);
    });

    for (const width of [375, 1280]) {
      test(`has no axe violations and reads comfortably at ${width} px`, async ({ page }, testInfo) => {
        // axe over the whole policy and a full-page screenshot of it take over 30 s on a busy two-core machine.
        test.slow();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(legal.path);
        await expectNoAxeViolations(page);

        // No sideways scrolling, body text at least 16 px, lines no longer than about 75 characters.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const paragraph = page.locator('.legal-body p').first();
        const { fontSize, charactersPerLine } = await paragraph.evaluate((element) => {
          const style = getComputedStyle(element);
          // The paragraph's average character width, measured in its own font.
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const text = element.textContent ?? '';
          const averageCharacter = context.measureText(text).width / text.length;
          return {
            fontSize: parseFloat(style.fontSize),
            charactersPerLine: element.getBoundingClientRect().width / averageCharacter,
          };
        });
        expect(fontSize).toBeGreaterThanOrEqual(16);
        expect(charactersPerLine).toBeLessThanOrEqual(80);

        await testInfo.attach(`${legal.kind}-${width}.png`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
      });
    }

    test('prints black on white, without navigation, with link addresses written out', async ({ page }) => {
      await page.goto(legal.path);
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('navigation', { name: 'Site' })).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Contents' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Back to Home' })).toBeHidden();
      const body = await page.locator('body').evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, background: style.backgroundColor };
      });
      expect(body).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)' });
      const other = legal.others[0]!;
      const link = page.locator(`.legal-body a[href="${other.path}"]`).first();
      expect(await link.evaluate((element) => getComputedStyle(element, '::after').content)).toBe(
        `" (${config.siteUrl}${other.path})"`,
      );
    });
  });
}

test.describe('the SMS terms', () => {
  test('show STOP and HELP in bold, the code limit and the carriers clause', async ({ page }) => {
    await page.goto(routes.terms);
    await expect(page.locator('.legal-body strong', { hasText: /^STOP$/ }).first()).toBeVisible();
    await expect(page.locator('.legal-body strong', { hasText: /^HELP$/ }).first()).toBeVisible();
    await expect(page.locator('#message-frequency + p')).toContainText(
      `no more than ${config.otpCodesPerHour} codes per hour`,
    );
    await expect(page.getByText('Message and data rates may apply.').last()).toBeVisible();
    await expect(page.getByText('Carriers are not liable for delayed or undelivered messages.')).toBeVisible();
  });
});

test.describe('the SMS terms, as an SMS reviewer checks them', () => {
  test('quote the sign-up screen\'s consent wording, word for word, under "How you opt in"', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${routes.terms}#consent-wording`);
    const quotation = page.locator('#how-you-opt-in ~ blockquote#consent-wording');
    await expect(quotation).toBeInViewport();
    await expect(quotation).toContainText(`${config.productName} account verification.`);
    await expect(quotation).toContainText('one-time sign-up, sign-in and verification codes');
    await expect(quotation).toContainText('Message and data rates may apply. Reply STOP to opt out, HELP for help.');
    // On the terms themselves the link goes to where they begin, not a reload of the page.
    await expect(quotation.getByRole('link', { name: 'SMS Terms' })).toHaveAttribute('href', '#purpose-and-scope');
    await expect(quotation.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', routes.privacy);
    // Set apart from the terms' own text, as a quotation.
    expect(await quotation.evaluate((element) => getComputedStyle(element).borderLeftStyle)).toBe('solid');
    await testInfo.attach('consent-wording-375.png', { body: await quotation.screenshot(), contentType: 'image/png' });
  });

  test('show two sample messages with the brand and a code, one ending in the domain-bound line', async ({ page }) => {
    await page.goto(routes.terms);
    const samples = page.locator('#sample-messages ~ ol blockquote');
    await expect(samples).toHaveCount(2);
    for (const sample of await samples.all()) {
      await expect(sample).toContainText(config.productName);
      await expect(sample).toContainText(/\b\d{6}\b/);
    }
    await expect(samples.first()).toContainText('Reply STOP to opt out.');
    const lines = (await samples.last().innerText()).trim().split('\n');
    const code = /\b(\d{6})\b/.exec(lines[0]!)![1];
    expect(lines.at(-1)).toBe(`@${siteHostOf(config.siteUrl)} #${code}`);
  });

  test('name every opt-out word and opt back in only with START or UNSTOP', async ({ page }) => {
    await page.goto(routes.terms);
    const stop = page.locator('#stop + p');
    for (const word of revocationKeywords) await expect(stop).toContainText(word);
    await expect(page.locator('#opt-back-in + p')).toContainText('reply START or UNSTOP');
    await expect(page.locator('.legal-body')).not.toContainText(/alert/i);
  });
});

test.describe('the privacy policy', () => {
  test('tells a user their choices and rights, in the US and in the EU and UK', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${routes.privacy}#us-state-rights`);
    await expect(page.getByRole('heading', { name: 'Your rights in US states' })).toBeInViewport();
    const usRights = page.locator('#us-state-rights + p + ul');
    for (const right of ['Know and access', 'Correct', 'Delete', 'Opt out of sale or sharing', 'Non-discrimination']) {
      await expect(usRights.getByText(right, { exact: false }).first()).toBeVisible();
    }
    await expect(page.locator('#global-privacy-control + p')).toContainText('turns session replay off');
    const eu = page.locator('#eu-uk-rights ~ p', { hasText: 'Controller:' });
    await expect(eu).toContainText(config.legalEntity);
    await expect(eu).toContainText(config.legalAddress);
    await expect(page.locator('#eu-uk-rights ~ p', { hasText: 'supervisory authority' })).toBeVisible();
    const rights = await page.evaluate(() => {
      const from = document.getElementById('your-choices')!.getBoundingClientRect();
      const to = document.getElementById('policy-updates')!.getBoundingClientRect();
      return { y: from.top + window.scrollY, height: to.top - from.top };
    });
    await testInfo.attach('rights-375.png', {
      body: await page.screenshot({
        fullPage: true,
        clip: { x: 0, y: rights.y - 8, width: 375, height: rights.height },
      }),
      contentType: 'image/png',
    });
  });

  test('says what the website stores and records, and for how long', async ({ page }) => {
    await page.goto(`${routes.privacy}#this-website`);
    const website = page.locator('#this-website + p');
    await expect(website).toContainText('This website sets no cookies.');
    await expect(website).toContainText('every visit in which an error occurs');
    await expect(website).toContainText('sessionStorage');
    await expect(website).toContainText(`kept for ${config.monitoringRetentionDays} days`);
    await expect(page.locator('.legal-body')).not.toContainText('By using the Service you agree');
  });

  test('states the deletion period and links the account-deletion section', async ({ page }) => {
    await page.goto(`${routes.privacy}#delete-account`);
    await expect(page.getByRole('heading', { name: 'Delete your account' })).toBeInViewport();
    await expect(page.locator('#retention + p')).toContainText(
      `we delete your personal information within ${config.accountDeletionDays} days`,
    );
  });

  test('asks before sending anything to the AI provider, and before using sensitive data', async ({ page }) => {
    await page.goto(`${routes.privacy}#ai-provider`);
    const ai = page.locator('#ai-provider + p');
    await expect(ai).toContainText(`the app sends ${config.aiProvider} your group`);
    await expect(ai).toContainText('It sends nothing before you agree');
    await expect(ai).toContainText('withdraw your permission at any time');
    const sensitive = page.locator('#sensitive-data + p');
    await expect(sensitive).toContainText('explicit consent');
    await expect(sensitive).toContainText('separately');
  });

  test('lists retention per kind of data and the CCPA categories as tables', async ({ page }) => {
    await page.goto(`${routes.privacy}#retention-periods`);
    const retention = page.getByRole('region', { name: 'Retention periods' }).locator('table');
    for (const kind of ['Account details', 'Search history', 'Text-message logs', 'Security logs', 'monitoring']) {
      await expect(retention).toContainText(kind);
    }
    await expect(retention).toContainText(`${config.monitoringRetentionDays} days`);
    const categories = page.getByRole('region', { name: 'Categories of personal information' }).locator('table');
    await expect(categories.locator('th')).toHaveText([
      'Category',
      'Examples',
      'Source',
      'Purpose',
      'Recipients',
      'Retention',
    ]);
    await expect(categories).toContainText('Sensitive personal information');
    // At phone width the table scrolls inside its own region; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    const region = page.getByRole('region', { name: 'Categories of personal information' });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('the community guidelines', () => {
  test('say what may not be posted, how to report and block, and the 24-hour promise', async ({ page }) => {
    await page.goto(routes.guidelines);
    await expect(page).toHaveTitle(`${config.productName} Guidelines`);
    await expect(page.locator('#not-allowed + p')).toContainText('no tolerance for objectionable content');
    const report = page.locator('#report-and-block + ul');
    await expect(report).toContainText('Report');
    await expect(report).toContainText('Block');
    await expect(page.locator('#how-we-act + p')).toContainText(`within ${lawFacts.reportActionHours} hours`);
    await expect(page.locator('#contact + p a[href^="mailto:"]')).toHaveText(config.contactEmail);
  });

  test('are linked from the landing page footer and the privacy section on content', async ({ page }) => {
    await page.goto(routes.home);
    await expect(page.locator('.site-footer').getByRole('link', { name: 'Community Guidelines' })).toHaveAttribute(
      'href',
      routes.guidelines,
    );
    await page.goto(routes.privacy);
    await expect(page.locator('#content-ownership ~ p a[href="/guidelines"]').first()).toBeVisible();
  });
});

test.describe('the machine-readable promises', () => {
  test('/.well-known/gpc.json says the site honors Global Privacy Control, as JSON', async ({ request }) => {
    const response = await request.get('/.well-known/gpc.json');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ gpc: true, lastUpdate: sources.privacy!.data.lastUpdated });
  });

  test('/.well-known/security.txt names the contact, expires within a year and is canonical', async ({ request }) => {
    const response = await request.get('/.well-known/security.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    const fields = Object.fromEntries(
      (await response.text())
        .trim()
        .split('\n')
        .map((line) => line.split(/: (.*)/).slice(0, 2)),
    );
    expect(fields.Contact).toBe(`mailto:${config.contactEmail}`);
    expect(fields.Canonical).toBe(`${config.siteUrl}/.well-known/security.txt`);
    expect(fields['Preferred-Languages']).toBe('en');
    const daysLeft = (Date.parse(fields.Expires!) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(0);
    expect(daysLeft).toBeLessThanOrEqual(366);
  });
});
