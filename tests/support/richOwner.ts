/**
 * An owner richer than the template in places, and leaner in others: a potluck organiser, a public benefit
 * corporation with a longer name and a two-word product name, an Android app as well as the iPhone one (both app
 * associations set), a consent screenshot of its own, posts and dietary restrictions but no AI, places provider or
 * teens, English, Spanish and a third language (French, copied from the Spanish folder as docs/languages.md says),
 * a kind of data the app does not collect removed (student status), and its own record with a change to the privacy
 * policy approved to take effect later.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { parse, stringify } from 'yaml';
import { addDays, today } from 'legal-record';
import { ownerCopy, type LeanOwnerCopy } from './leanOwner.ts';

const values: Record<string, string> = {
  productName: "'Potluck Planner'",
  contactEmail: "'hello@potluckplanner.app'",
  siteUrl: "'https://potluckplanner.app'",
  apiHost: "'api.potluckplanner.app'",
  appStoreUrl: "'https://apps.apple.com/app/potluck-planner/id1122334455'",
  legalEntity: "'Potluck Planners Public Benefit Corporation'",
  legalAddress: "'22 Long Table Road, Suite 300, Burlington, VT 05401, United States'",
  aiProvider: "''",
  placesProvider: "''",
  placesProviderTermsUrl: "''",
  placesProviderPrivacyUrl: "''",
  euRepresentative: "'Potluck EU Representative Ltd, 5 Harbour Square, Dublin 2, Ireland'",
  governingState: "'Vermont'",
  copyrightAgentName: "'Copyright Agent, Potluck Planners Public Benefit Corporation'",
  copyrightAgentAddress: "'22 Long Table Road, Suite 300, Burlington, VT 05401, United States'",
  copyrightAgentPhone: "'+1 802 555 0100'",
  copyrightAgentEmail: "'copyright@potluckplanner.app'",
  copyrightAgentRegistration: "'DMCA-7654321'",
  liabilityCapUsd: '250',
  disputeVenue: "'the state and federal courts located in Chittenden County, Vermont'",
  parentalConsent: "''",
  sentryDsn: "''",
  monitoringRetentionDays: '60',
  appleTeamId: "'PTLK123456'",
  iosBundleId: "'app.potluckplanner.ios'",
  androidPackage: "'app.potluckplanner.android'",
  androidCertFingerprints: `['${Array.from({ length: 32 }, (_, index) => index.toString(16).padStart(2, '0').toUpperCase()).join(':')}']`,
};

export const richOwnerSecondLocale = 'fr';

export async function richOwnerCopy(): Promise<LeanOwnerCopy> {
  // The sign-up screen the owner took from their app, a file of public/.
  const screenshot = await sharp({
    create: { width: 390, height: 844, channels: 3, background: { r: 250, g: 246, b: 240 } },
  })
    .png()
    .toBuffer();
  const copy = ownerCopy({
    values,
    social: {
      Instagram: 'https://www.instagram.com/potluckplanner',
      TikTok: 'https://www.tiktok.com/@potluckplanner',
    },
    effective: '2026-02-02',
    by: 'Robin Owner',
    edit(project) {
      project.edit('site.config.ts', /tagline: '[^']*'/, "tagline: 'Potlucks where every dish finds its people'");
      project.edit(
        'site.config.ts',
        /features: \{[^}]*\}/,
        'features: { places: false, ai: false, teens: false, dietary: true, posts: true }',
      );
      mkdirSync(join(project.dir, 'public/images'), { recursive: true });
      writeFileSync(join(project.dir, 'public/images/sms-consent.png'), screenshot);
      project.edit(
        'site.config.ts',
        /smsConsentScreenshot: '[^']*'/,
        "smsConsentScreenshot: '/images/sms-consent.png'",
      );
      // A third language, as the docs say: the Spanish folder copied under its code, its own name and tags.
      const fr = join(project.dir, 'src/content/i18n', richOwnerSecondLocale);
      cpSync(join(project.dir, 'src/content/i18n/es'), fr, { recursive: true });
      const words = parse(project.read(`src/content/i18n/${richOwnerSecondLocale}/words.yaml`));
      words.language = { ...words.language, name: 'Français', tag: 'fr-FR', ogLocale: 'fr_FR' };
      project.write(`src/content/i18n/${richOwnerSecondLocale}/words.yaml`, stringify(words));
      project.edit('site.config.ts', /languages: \[[^\]]*\]/, `languages: ['en', 'es', '${richOwnerSecondLocale}']`);
      // A kind of data the app does not collect, removed with its words in each language.
      const practices = 'src/content/legal/data-practices.yaml';
      project.edit(practices, /\n {2}- id: student-status\n(?: {4}.*\n)+/, '\n');
      for (const code of ['es', richOwnerSecondLocale])
        project.edit(`src/content/i18n/${code}/data-practices.yaml`, /\n {2}student-status:\n(?: {4}.*\n)+/, '\n');
      rmSync(join(project.dir, 'store-labels'), { recursive: true, force: true });
    },
  });
  // After the first record: a change to the privacy policy, approved now to take effect after its notice period.
  copy.edit(
    'src/content/legal/privacy.md',
    /(perfectly secure; if a breach affects you, we tell you as the law requires\.)/,
    '$1 We test our backups every month.',
  );
  copy.run('node_modules/.bin/node', [
    'packages/legal/src/commands/approve.ts',
    'privacy',
    '--by',
    'Robin Owner',
    '--note',
    'Says that we test our backups',
    '--not-significant',
    '--effective',
    addDays(today(), 45),
  ]);
  copy.run('git', ['add', '-A']);
  copy.run('git', ['-c', 'user.name=Robin Owner', '-c', 'user.email=owner@example.org', 'commit', '-qm', 'A change']);
  return copy;
}
