/** The group invite address (docs/app-links.md#group-invites): `{siteUrl}{invitePath}/<code>`. */
import { z } from 'zod';
import { availableLocales } from './languages.ts';

/** What a code is made of, in the words the config errors and the docs use. */
export const inviteCodeAlphabet = 'letters and digits';

/**
 * Addresses the invite page may not take, as the site already serves them: its fixed pages (the two legal addresses
 * the hash links keep, docs/requirements.md#hash-addresses), the folders and files of its build, and each language's
 * folder (`/es`, whose pages an invite rule would answer). A legal page added later is checked where the invite page
 * is built (packages/legal/src/record/loader.node.ts).
 */
export const reservedInvitePaths = () => [
  ...['/support', '/privacy', '/terms', '/legal', '/404', '/images', '/videos', '/models', '/icons', '/_astro'],
  ...['/sitemap-index', '/sitemap-0', '/robots', '/manifest', '/favicon', '/social-card', '/apple-touch-icon'],
  ...availableLocales().map((locale) => `/${locale}`),
];

/** An invite code's length bound: a path segment the app also shows and types, so 1 to 64 characters. */
const lengthExpected = `a whole number of ${inviteCodeAlphabet} from 1 to 64`;
const codeLength = (fallback: number) =>
  z.number(lengthExpected).int(lengthExpected).min(1, lengthExpected).max(64, lengthExpected).default(fallback);

export const inviteFields = {
  /**
   * One lower-case path segment; the host serves the invite page for every `<invitePath>/<code>`. '' turns it off:
   * no page, no host rule, no app-link path.
   * @example '/join'
   */
  invitePath: z
    .string()
    .trim()
    .regex(/^(?:|\/[a-z0-9][a-z0-9-]*)$/, 'empty (no invite page), or one lower-case path segment, like /join')
    .refine((path) => !reservedInvitePaths().includes(path), {
      error: () =>
        `an address the site does not already serve, like /join (taken: ${reservedInvitePaths().join(', ')})`,
    })
    .default(''),
  /**
   * The fewest letters and digits a code has (the app's codes must fit).
   * @example 6
   */
  inviteCodeMinLength: codeLength(6),
  /**
   * The most letters and digits a code has.
   * @example 12
   */
  inviteCodeMaxLength: codeLength(12),
};
