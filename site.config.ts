/**
 * The site's one config file: brand, contact, links, monitoring. Replace each `example(...)` with your own plain value
 * before launch (`npm run check:release` lists those left). The values that differ per deploy can also be set at build
 * by a PUBLIC_* variable: siteUrl, sentryDsn and the app ids (siteUrl -> PUBLIC_SITE_URL). Each field's form, with an
 * example, is documented in src/config/; the build stops naming the field, the value and the expected form.
 */
import { example } from './src/config/example.ts';

export default {
  productName: example('Tablemates'),
  tagline: 'AI food recommendations for your groups',
  /**
   * The site's languages, English first: Spanish is under /es/. Remove 'es' to publish English only (no /es/ page,
   * no hreflang link, no language switcher); docs/languages.md says how to add one.
   */
  languages: ['en', 'es'],
  /** The contact line, the legal pages and the SMS help text use it (docs/requirements.md#call-to-action). */
  contactEmail: example('hello@example.com'),
  siteUrl: example('https://example.com'),
  /** Traces propagate only to https://{apiHost}/api/... and localhost (docs/requirements.md#trace-propagation). */
  apiHost: example('api.example.com'),
  appStoreUrl: example('https://apps.apple.com/app/tablemates/id1234567890'),
  /**
   * The social networks the hero, the footer and the JSON-LD `sameAs` link to, in this order. `icon` is the network's
   * slug on https://simpleicons.org. To add one, add an entry: { name: 'YouTube', icon: 'youtube', url: '...' }.
   * Instagram and TikTok are required (docs/requirements.md#call-to-action).
   */
  social: [
    { name: 'Instagram', icon: 'instagram', url: example('https://www.instagram.com/example') },
    { name: 'TikTok', icon: 'tiktok', url: example('https://www.tiktok.com/@example') },
  ],
  /** Named in the legal pages as the party the visitor agrees with. */
  legalEntity: example('Tablemates Example, Inc.'),
  /** The company's postal address: the privacy policy names it as the controller's for EU and UK users. */
  legalAddress: example('100 Example Street, San Francisco, CA 94105, United States'),
  /**
   * What the app does: switch off a feature it lacks, and the legal pages, the store labels, the support answers and
   * the owner confirmations leave it out, with its values below left '' (docs/legal-pages.md#features).
   * - places: it finds places through a places-data provider (placesProvider and its two addresses).
   * - ai: it sends users' data to an AI provider to make recommendations (aiProvider).
   * - teens: it accepts users aged 13 to 17; off, it is for adults only (parentalConsent).
   * - dietary: it asks for dietary restrictions, consumer health data (off: no Consumer Health Data Privacy Policy).
   * - posts: users post photos, videos and reviews others see (off: no Community Guidelines, no reporting).
   */
  features: { places: true, ai: true, teens: true, dietary: true, posts: true },
  /**
   * The landing page's 3D scene (false: none, which departs from docs/requirements.md#model-preload), and the
   * template's media you keep on purpose ('footage', 'model'), which `npm run check:release` then stops listing.
   */
  scene: true,
  keepTemplateMedia: [] as string[],
  /**
   * The providers the privacy policy names as receiving user data: the AI that makes recommendations and the places
   * data service. Write the ones your app really uses ('' for one it has not, with its feature off above).
   */
  aiProvider: example('OpenAI'),
  placesProvider: example('Google Maps Platform'),
  /** Its terms and privacy policy: the Terms of Use bind users to them, as Google Maps Platform's terms ask. */
  placesProviderTermsUrl: example('https://maps.google.com/help/terms_maps/'),
  placesProviderPrivacyUrl: example('https://policies.google.com/privacy'),
  /**
   * Your representative in the EU and UK (GDPR Art. 27: name and postal address), needed while the company has no
   * establishment there. Left empty, the privacy policy says none is appointed yet; `npm run check:release` lists it.
   */
  euRepresentative: example(''),
  /** The US state whose law governs the terms beside federal law, like 'Delaware', if your counsel names one. */
  governingState: example(''),
  /**
   * A screenshot of the app's sign-up screen with the SMS consent wording, e.g. '/images/sms-consent.png' (a file in
   * public/). Shown under that wording on the terms page; `npm run check:release` lists it while it is empty.
   */
  smsConsentScreenshot: '',

  /**
   * The opt-out words your messaging provider honours: Twilio's defaults, and OPT OUT (a word the FCC names, 47 CFR
   * 64.1200(a)(10)) set up as a custom opt-out keyword. The SMS terms promise exactly these.
   */
  smsOptOutWords: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT'],
  /**
   * Your designated agent for copyright notices, as registered with the US Copyright Office (dmca.copyright.gov);
   * the Terms of Use print them (17 U.S.C. 512(c)(2)).
   */
  copyrightAgentName: example('Copyright Agent, Tablemates Example, Inc.'),
  copyrightAgentAddress: example('100 Example Street, San Francisco, CA 94105, United States'),
  copyrightAgentPhone: example('+1 415 555 0100'),
  copyrightAgentEmail: example('copyright@example.com'),
  copyrightAgentRegistration: example('DMCA-0000000'),
  /** The Terms of Use's cap on liability, in US dollars, and where disputes are heard: your counsel decides both. */
  liabilityCapUsd: example(100),
  disputeVenue: example('the state and federal courts located in San Francisco County, California'),
  /**
   * 'in-app' if the app asks a parent's consent where a law wants it for a user under 18, else 'not-asked'; the legal
   * pages promise only what the app does. '' while features.teens is false.
   */
  parentalConsent: example('in-app'),

  /** Sentry DSN; empty keeps monitoring off (no script, no request). */
  sentryDsn: example(''),
  sentryEnvironment: 'production',
  // Every trace, 10 % of sessions replayed, every session with an error (docs/requirements.md#monitoring-rates).
  tracesSampleRate: 1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,

  // Quoted by the legal pages (docs/requirements.md#sms-codes and #deletion).
  otpCodesPerHour: 6,
  accountDeletionDays: 30,
  /** How long your monitoring project keeps events and replays (Sentry's data retention); the policy quotes it. */
  monitoringRetentionDays: example(90),

  // The app's identities. Each pair publishes a file under /.well-known/ that lets the app open this site's links
  // and fill in the text-message codes with one tap (docs/app-links.md). A pair is set together or not at all.
  // `example('')` means "not filled in yet" (`npm run check:release` lists it); write a plain '' (or []) for a
  // platform the app is not on.
  /** Apple Developer Team ID: 10 upper-case letters or digits. */
  appleTeamId: example(''),
  /** The iOS app's bundle id, like com.example.tablemates. */
  iosBundleId: example(''),
  /**
   * The group invite address: a friend's link is `{siteUrl}/join/<code>`, which the app opens where it is installed;
   * elsewhere the site shows an invite page that passes the code on through the stores (docs/app-links.md). '' turns
   * it off. The hosts' rewrite rules follow it at build (docs/deploy.md).
   */
  invitePath: '/join',
  /** The invite code's allowed form: letters and digits, from this many to that many. */
  inviteCodeMinLength: 6,
  inviteCodeMaxLength: 12,
  /**
   * Site paths the iOS app opens instead of the browser, like ['/invite/*']; none: every page stays a web page. The
   * invite address (`/join/*`) is added to them.
   */
  appLinkPaths: [] as string[],
  /** The Android app's package name, like com.example.tablemates; also adds the Google Play button. */
  androidPackage: example(''),
  /** SHA-256 fingerprints of the app's signing certificates (Play Console, App integrity), 32 hex pairs each. */
  androidCertFingerprints: example([] as string[]),
};
