import { type Feature } from '../host.ts';
/**
 * The sections each legal page must have (a page with no entry here has none required), in order, with stable anchors: the top-level ones in exactly the order
 * docs/requirements.md lists (#privacy-sections, #terms-sections), and the checklist's extra clauses as sub-sections inside the
 * section where they belong (docs/legal-checklist.md). The check (check.node.ts) holds the pages to them.
 */

export interface SubSectionClause {
  id: string;
  /** What reviewers call it; shown when it is missing. */
  name: string;
  /** The top-level section it belongs in. */
  within: string;
  /** Required only while the app has this feature (src/config/features.ts). */
  feature?: Feature;
}

/** Section ids, written as one text with a space between them. */
const ids = (list: string) => list.split(' ');

/** The top-level sections' ids, in order; docs/legal-checklist.md names each as reviewers call it. */
export const legalSections: Partial<Record<string, string[]>> = {
  // The order docs/requirements.md fixes (#privacy-sections, #terms-sections).
  privacy: ids(
    'introduction information-we-collect how-we-use-information content-ownership data-sharing security retention policy-updates contact',
  ),
  terms: ids(
    'acceptance purpose-and-scope opt-in-and-consent message-frequency opt-out liability security changes governing-law',
  ),
  // App Review guideline 1.2 and Google Play's user-generated content policy (docs/requirements.md#more-legal-pages).
  guidelines: ids('introduction not-allowed report-and-block how-we-act consequences contact'),
  // App Review guideline 1.2: users accept terms before they post (docs/requirements.md#more-legal-pages).
  'terms-of-use': ids(
    'acceptance who-may-use your-content recommendations copyright termination disclaimers governing-law changes contact',
  ),
  // Google Play's account deletion rule (Data safety, "Delete account URL"): the steps, a way without the app, and what
  // is deleted and kept, for how long.
  'delete-account': ids('introduction in-the-app without-the-app what-is-deleted what-is-kept some-data'),
  // Apple's User Privacy Choices URL (App Privacy) and the state laws that want Global Privacy Control honoured.
  'privacy-choices': ids('introduction consents opt-outs global-privacy-control state-rights delete-account contact'),
  // Washington RCW 19.373 and Nevada NRS 603A (docs/legal-checklist.md).
  'health-data': ids('introduction health-data sharing consent rights no-sale no-geofencing changes contact'),
};

/** The checklist's extra clauses, each a sub-section with a stable id inside the section where it belongs. */
export const legalSubSections: Partial<Record<string, SubSectionClause[]>> = {
  privacy: [
    { id: 'how-we-collect', name: 'how data is collected', within: 'information-we-collect' },
    { id: 'ccpa-categories', name: 'categories of personal information', within: 'information-we-collect' },
    { id: 'this-website', name: 'what the website stores and records', within: 'information-we-collect' },
    { id: 'children', name: 'children under 13', within: 'information-we-collect' },
    { id: 'sensitive-data', name: 'consent for sensitive information', within: 'how-we-use-information' },
    { id: 'do-not-track', name: 'the Do Not Track answer', within: 'how-we-use-information' },
    // Cal. Bus. & Prof. Code 22581 gives minors who use the app a right: an app for adults only has none.
    {
      id: 'california-minors',
      name: 'California users under 18 removing content',
      within: 'content-ownership',
      feature: 'teens',
    },
    { id: 'service-providers', name: 'service providers', within: 'data-sharing' },
    { id: 'third-parties', name: 'other companies and why they are third parties', within: 'data-sharing' },
    {
      id: 'ai-provider',
      name: 'permission before data goes to the AI provider',
      within: 'data-sharing',
      feature: 'ai',
    },
    { id: 'other-users', name: 'other users', within: 'data-sharing' },
    { id: 'legal-requests', name: 'legal requests', within: 'data-sharing' },
    { id: 'business-transfer', name: 'business transfer', within: 'data-sharing' },
    { id: 'no-sale', name: 'no sale of personal data', within: 'data-sharing' },
    { id: 'no-marketing-sharing', name: 'no sharing for marketing', within: 'data-sharing' },
    { id: 'retention-periods', name: 'retention per kind of data', within: 'retention' },
    { id: 'delete-account', name: 'account deletion', within: 'retention' },
    { id: 'your-choices', name: 'your choices and rights', within: 'retention' },
    { id: 'access-and-correction', name: 'reviewing and changing data', within: 'retention' },
    { id: 'us-state-rights', name: 'US state privacy rights', within: 'retention' },
    { id: 'global-privacy-control', name: 'Global Privacy Control', within: 'retention' },
    { id: 'eu-uk-rights', name: 'EU and UK rights', within: 'retention' },
    { id: 'material-changes', name: 'how material changes are announced', within: 'policy-updates' },
    { id: 'teens-privacy', name: 'users aged 13 to 17', within: 'information-we-collect', feature: 'teens' },
  ],
  'terms-of-use': [
    { id: 'apple', name: "Apple's standard EULA", within: 'acceptance' },
    { id: 'teens', name: 'the rules for teens', within: 'who-may-use', feature: 'teens' },
    { id: 'places-data', name: "the places provider's terms", within: 'recommendations', feature: 'places' },
    { id: 'copyright-agent', name: 'the designated copyright agent (17 U.S.C. 512(c)(2))', within: 'copyright' },
    { id: 'counter-notice', name: 'the counter-notice (17 U.S.C. 512(g))', within: 'copyright' },
    { id: 'liability-cap', name: 'the limit of liability', within: 'disclaimers' },
    { id: 'venue', name: 'where disputes are heard', within: 'governing-law' },
    {
      id: 'community-guidelines',
      name: 'the Community Guidelines, no tolerance, report and block',
      within: 'your-content',
      feature: 'posts',
    },
  ],
  'health-data': [
    { id: 'sources', name: 'where it comes from', within: 'health-data' },
    { id: 'search-terms', name: 'search terms that can hint at a diet', within: 'health-data' },
    { id: 'group-members', name: 'whether other group members see it', within: 'sharing' },
    { id: 'cross-site', name: 'no third-party collection across apps and sites (Nevada NRS 603A)', within: 'sharing' },
    { id: 'purposes', name: 'why it is used', within: 'health-data' },
    { id: 'consent-to-collect', name: 'consent to collect', within: 'consent' },
    { id: 'consent-to-share', name: 'a separate consent to share', within: 'consent' },
    { id: 'withdraw', name: 'withdrawing consent', within: 'consent' },
  ],
  terms: [
    { id: 'program', name: 'the program name', within: 'purpose-and-scope' },
    { id: 'message-types', name: 'what the messages are', within: 'purpose-and-scope' },
    { id: 'sample-messages', name: 'sample messages', within: 'purpose-and-scope' },
    { id: 'how-you-opt-in', name: 'how you opt in', within: 'opt-in-and-consent' },
    { id: 'privacy', name: 'link to the Privacy Policy', within: 'opt-in-and-consent' },
    { id: 'rates', name: 'message and data rates', within: 'message-frequency' },
    { id: 'stop', name: 'STOP to opt out', within: 'opt-out' },
    { id: 'opt-back-in', name: 'opting back in with START', within: 'opt-out' },
    { id: 'codes-in-progress', name: 'codes already requested', within: 'opt-out' },
    { id: 'help', name: 'HELP and a support email', within: 'opt-out' },
    { id: 'carriers', name: 'carriers not liable, delivery not guaranteed', within: 'liability' },
  ],
};
