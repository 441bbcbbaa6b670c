import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/config/index.ts';
import { localePath } from '../../src/lib/i18n.ts';
import { legalPage, translationFile } from 'legal-record';

const config = loadConfig();

/** A page's address in `locale`: its translation's, or the English one where the language has none. */
const addressIn = (kind: string, locale: string) =>
  existsSync(translationFile(kind, locale)) ? localePath(locale, legalPage(kind).path) : legalPage(kind).path;

/**
 * The pages the store consoles ask an address of: Google Play's "Delete account URL" and Apple's "User Privacy
 * Choices URL". A reviewer follows the links a person has, with JavaScript off, in every language the site is in.
 */
test.use({ javaScriptEnabled: false });

for (const locale of config.languages) {
  const deletion = addressIn('delete-account', locale);
  const choices = addressIn('privacy-choices', locale);

  test(`${locale}: the footer and the privacy policy lead to the deletion page, which gives what Play asks`, async ({
    page,
  }) => {
    await page.goto(localePath(locale, '/'));
    await page.getByRole('contentinfo').locator(`a[href="${deletion}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${deletion}$`));
    const section = (id: string) => page.locator(`.legal-body h2#${id}`).locator('xpath=following-sibling::*[1]');
    await expect(page.locator('#introduction + p')).toContainText(config.productName);
    await expect(page.locator('#introduction + p')).toContainText(config.legalEntity);
    expect(await page.locator('#in-the-app + ol > li').count()).toBeGreaterThanOrEqual(2);
    const mail = page.locator('#without-the-app + p a[href^="mailto:"]');
    expect(new URL((await mail.getAttribute('href'))!).pathname).toBe(config.contactEmail);
    expect(new URL((await mail.getAttribute('href'))!).searchParams.get('subject')).toBeTruthy();
    await expect(section('what-is-deleted')).toContainText(String(config.accountDeletionDays));
    expect(await page.locator('#what-is-deleted ~ ul').first().locator('li').count()).toBeGreaterThan(0);
    expect(await page.locator('#what-is-kept + ul > li').count()).toBeGreaterThan(0);

    await page.goto(addressIn('privacy', locale));
    await page.locator(`#delete-account ~ p a[href="${deletion}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${deletion}$`));
  });

  test(`${locale}: the footer and the privacy policy lead to the privacy choices, each consent with how to withdraw it`, async ({
    page,
  }) => {
    await page.goto(localePath(locale, '/'));
    await page.getByRole('contentinfo').locator(`a[href="${choices}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${choices}$`));
    expect(await page.locator('#consents ~ ul').first().locator('li').count()).toBeGreaterThan(0);
    await expect(page.locator('#global-privacy-control + p')).toBeVisible();
    await expect(page.locator(`#state-rights + p a[href="mailto:${config.contactEmail}"]`)).toBeVisible();

    await page.goto(addressIn('privacy', locale));
    await page.locator(`#your-choices ~ p a[href="${choices}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${choices}$`));
  });
}
