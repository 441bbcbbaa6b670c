/**
 * What the law and the carriers fix, in one place: the figures the pages quote as `{{tokens}}`, and what a section
 * must contain. Each is typed only here; the Markdown quotes it as a token, the check
 * (check.node.ts) looks for the token where the rule wants it, and the tests import it from here.
 */
import { legalSubSections } from '../render/sections.ts';
import { type Feature, type Features } from '../host.ts';

export const lawFacts = {
  /** COPPA: the Service is not for children under this age. */
  childMinimumAge: 13,
  /** Cal. Bus. & Prof. Code 22581: minors under this age may remove what they posted. */
  californiaMinorAge: 18,
  /** GDPR Art. 8: the highest age of digital consent an EU country sets (13 to 16). */
  euDigitalConsentAge: 16,
  /** CCPA 1798.130 and the state laws modelled on it: days to answer a request. */
  requestResponseDays: 45,
  /** Colorado and Oregon: days to answer an appeal (the strictest state rule). */
  appealResponseDays: 45,
  /** FCC revocation rule (47 CFR 64.1200(a)(10)): the one STOP confirmation goes out within these minutes. */
  stopConfirmationMinutes: 5,
  /** Same rule: business days to honor a revocation sent some other reasonable way. */
  revocationBusinessDays: 10,
  /** App Review guideline 1.2: hours to act on a report of objectionable content. */
  reportActionHours: 24,
  /** CCPA 1798.130(a)(5): months between reviews of the privacy policy (a release check, never a build failure). */
  reviewMonths: 12,
} as const;

/**
 * What a section must contain, as its Markdown writes it, by page and section id: a sentence a rule wants word for
 * word, as its token (the words are in src/content/legal/wording.yaml), or a word a carrier wants in bold.
 */
export const requiredInSections = {
  /** Twilio error 30932 (A2P rejection reason). */
  '{{noMarketingSharing}}': { privacy: ['no-marketing-sharing'], terms: ['privacy'] },
  /** CTIA; Twilio's toll-free checklist; the consent wording must say it too. */
  '{{ratesMayApply}}': { terms: ['rates', 'consent-wording'] },
  /** Twilio's toll-free checklist. */
  '{{carriersNotLiable}}': { terms: ['carriers'] },
  /** CTIA 5.1. */
  '{{notACondition}}': { terms: ['how-you-opt-in'] },
  /** TCR sample-message rules: at least one sample, and the consent wording, tell how to opt out. */
  '{{replyStopToOptOut}}': { terms: ['sample-messages'] },
  /** CTIA: the opt-out confirmation and the HELP reply, published word for word; STOP and HELP in bold. */
  '{{stopReply}}': { terms: ['stop'] },
  '{{helpReply}}': { terms: ['help'] },
  '**STOP**': { terms: ['stop'] },
  '**HELP**': { terms: ['help'] },
  /** One license, word for word on both pages that state it. */
  '{{contentLicense}}': { privacy: ['content-ownership'], 'terms-of-use': ['your-content'] },
  /** App Review 1.2: one rule for removals, word for word where the Guidelines and the Terms of Use state it. */
  '{{removalRule}}': { guidelines: ['consequences'], 'terms-of-use': ['community-guidelines'] },
  /** Google Play's account deletion rule: the app and its developer as the listing names them, the email to ask
   * without the app, within how many days what is deleted, and what is kept and for how long. */
  '{{productName}}': { 'delete-account': ['introduction'] },
  '{{legalEntity}}': { 'delete-account': ['introduction'] },
  '{{contactEmail}}': { 'delete-account': ['without-the-app'], 'privacy-choices': ['state-rights'] },
  '{{accountDeletionDays}}': { 'delete-account': ['what-is-deleted'] },
  '{{practices.deletedWithAccount}}': { 'delete-account': ['what-is-deleted'] },
  '{{practices.keptLonger}}': { 'delete-account': ['what-is-kept'] },
  /** Apple's privacy choices: each consent and how to withdraw it. */
  '{{practices.consentChoices}}': { 'privacy-choices': ['consents'] },
  /** Connecticut SB 1295 (from 2026-07-01): whether personal data trains large language models. */
  '{{practices.modelTraining}}': { privacy: ['how-we-use-information'] },
} as const satisfies Record<string, Partial<Record<string, readonly string[]>>>;

/** The texts of `requiredInSections` that a feature brings: with it off, the pages say what stands instead. */
const requiredOnlyWith: Partial<Record<keyof typeof requiredInSections, Feature>> = { '{{contentLicense}}': 'posts' };

/**
 * The sections of a page that must contain each text of `requiredInSections`; with `features`, not those of a clause
 * of a feature the app lacks (`feature` in sections.ts), which goes with its clause.
 */
export const requiredIn = (kind: string, features?: Features) => {
  const dropped = new Set(
    (legalSubSections[kind] ?? [])
      .filter(({ feature }) => feature && features?.[feature] === false)
      .map(({ id }) => id),
  );
  const kept = Object.entries(requiredInSections).filter(([text]) => {
    const feature = requiredOnlyWith[text as keyof typeof requiredInSections];
    return !feature || features?.[feature] !== false;
  });
  return kept.flatMap(([text, places]) =>
    ((places as Partial<Record<string, readonly string[]>>)[kind] ?? [])
      .filter((within) => !dropped.has(within))
      .map((within) => ({ text, within })),
  );
};

/**
 * The pages whose change the app-store accountability laws may call significant (Texas SB 2420; Utah SB 142, from
 * 2027-05-06): the terms and the privacy policies. An approval of a change of one records the owner's choice.
 */
export const significanceKinds: readonly string[] = ['privacy', 'health-data', 'terms-of-use', 'terms'];
