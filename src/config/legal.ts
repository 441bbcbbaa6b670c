/** The owner's values the legal pages quote: who the visitor agrees with, who receives data, what the app promises. */
import { z } from 'zod';
import { count, email, httpsUrl, orEmpty, text } from './fields.ts';

export const legalFields = {
  /**
   * The party the visitor agrees with, named in the legal pages.
   * @example 'Tablemates, Inc.'
   */
  legalEntity: text('the legal name of the company behind the app'),
  /**
   * The company's postal address, which the privacy policy gives EU and UK users (GDPR Art. 13(1)(a)).
   * @example '100 Main Street, San Francisco, CA 94105, United States'
   */
  legalAddress: text('the postal address of the company, like "1 Main St, Springfield, IL 62701, USA"'),
  /**
   * The AI provider that receives user data to make recommendations; Apple (5.1.2(i)) wants it named. '' while
   * `features.ai` is false.
   * @example 'OpenAI'
   */
  aiProvider: orEmpty(text('the name of the AI provider that receives user data, like "OpenAI"')),
  /**
   * The places-data provider that receives searches and locations; '' while `features.places` is false.
   * @example 'Google Maps Platform'
   */
  placesProvider: orEmpty(text('the name of the places-data provider, like "Google Maps Platform"')),
  /**
   * The places provider's terms, which its own terms ask the app's users to be bound by.
   * @example 'https://maps.google.com/help/terms_maps/'
   */
  placesProviderTermsUrl: orEmpty(httpsUrl('https://maps.google.com/help/terms_maps/')),
  /**
   * The places provider's privacy policy.
   * @example 'https://policies.google.com/privacy'
   */
  placesProviderPrivacyUrl: orEmpty(httpsUrl('https://policies.google.com/privacy')),
  /**
   * The representative in the EU and the UK (GDPR Art. 27), with address; empty says none is appointed yet.
   * @example 'EU Rep Ltd, 1 Example Square, Dublin, Ireland'
   */
  euRepresentative: z.string().trim().default(''),
  /**
   * The US state whose law governs the terms beside federal law; empty names US law only.
   * @example 'Delaware'
   */
  governingState: z
    .string()
    .trim()
    .regex(/^(?:|[A-Z][A-Za-z .]+)$/, 'empty, or the name of a US state, like "Delaware"')
    .default(''),
  /**
   * A screenshot of the app's sign-up screen with the SMS consent wording (a file under public/), shown under that
   * wording on the terms page; empty shows none. The build checks the file exists.
   * @example '/images/sms-consent.png'
   */
  smsConsentScreenshot: z
    .string()
    .trim()
    .regex(
      /^(?:|\/(?!.*\.\.)[\w./-]+\.(?:png|jpe?g|webp|avif))$/i,
      'empty, or the path of an image under public/, like /images/sms-consent.png',
    ),
  /**
   * The reply words the messaging provider honours as an opt-out; the SMS terms promise exactly these, so change
   * them together with the provider's settings.
   * @example ['STOP', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPT OUT']
   */
  smsOptOutWords: z
    .array(z.string().regex(/^[A-Z]+(?: [A-Z]+)*$/, 'upper-case words, like STOP or OPT OUT'))
    .refine((words: string[]) => words.includes('STOP'), 'a list of upper-case words that includes STOP'),
  /**
   * The sign-in codes a phone number may receive in an hour (docs/requirements.md#sms-codes).
   * @example 6
   */
  otpCodesPerHour: count('codes'),
  /**
   * The days within which a deleted account's data is gone (docs/requirements.md#deletion).
   * @example 30
   */
  accountDeletionDays: count('days'),
  /**
   * The designated agent for copyright notices (17 U.S.C. 512(c)(2)), as registered with the US Copyright Office.
   * @example 'Copyright Agent, Tablemates, Inc.'
   */
  copyrightAgentName: text('the name of the designated copyright agent'),
  /**
   * The agent's postal address.
   * @example '100 Main Street, San Francisco, CA 94105, United States'
   */
  copyrightAgentAddress: text("the agent's postal address"),
  /**
   * The agent's phone number.
   * @example '+1 415 555 0100'
   */
  copyrightAgentPhone: z
    .string()
    .trim()
    .regex(/^\+?[\d ()-]{7,}$/, 'a phone number, like +1 415 555 0100'),
  /**
   * The agent's email address.
   * @example 'copyright@tablemates.app'
   */
  copyrightAgentEmail: email('copyright@example.com'),
  /**
   * The Copyright Office's registration number of the agent.
   * @example 'DMCA-1234567'
   */
  copyrightAgentRegistration: z
    .string()
    .trim()
    .regex(/^DMCA-\d+$/, "the Copyright Office's registration number of the agent, like DMCA-1234567"),
  /**
   * The Terms of Use's cap on liability, in US dollars, when a user paid nothing (counsel decides).
   * @example 100
   */
  liabilityCapUsd: z.number('a whole number of dollars').int('a whole number of dollars').positive('a positive number'),
  /**
   * Where disputes under the Terms of Use are heard.
   * @example 'the state and federal courts located in Wilmington, Delaware'
   */
  disputeVenue: text('the courts where disputes are heard, like "the courts of Delaware"'),
  /**
   * 'in-app' if the app asks a parent's consent where a law wants it for a teen, else 'not-asked'; the pages promise
   * only what the app does. '' while `features.teens` is false (no user is under 18).
   * @example 'in-app'
   */
  parentalConsent: z.enum(['in-app', 'not-asked', ''], "'in-app' or 'not-asked', or ''"),
};
