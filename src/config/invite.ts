/** The group invite address (docs/app-links.md#group-invites): `{siteUrl}{invitePath}/<code>`. */
import { z } from 'zod';

/** What a code is made of, in the words the config errors and the docs use. */
export const inviteCodeAlphabet = 'letters and digits';

/**
 * Addresses the invite page may not take: the folders of the site's files, its fixed pages and the two legal
 * addresses the hash links keep (docs/requirements.md#hash-addresses); a legal page added later is checked where the
 * invite page is built.
 */
export const reservedInvitePaths = [
  ...['/privacy', '/terms', '/legal', '/404', '/images', '/videos', '/models', '/icons'],
  ...['/sitemap-index', '/sitemap-0'],
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
    .refine(
      (path) => !reservedInvitePaths.includes(path),
      `an address no other page or folder uses, like /join (taken: ${reservedInvitePaths.join(', ')})`,
    )
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
