/**
 * The group invite page's rules for every host (src/lib/hostFiles.node.ts writes them at build, so they follow the
 * `invitePath` of that build): one static page, `/join.html`, answers every `/join/<code>`, and as its address
 * carries the code it sends no referrer (the page also says so in a meta tag, for a host without these rules).
 */
import type { SiteConfig } from '../../config/index.ts';

/** Null while `invitePath` is empty: no page, no rule. */
export function invitePageRules(config: Pick<SiteConfig, 'invitePath'>) {
  if (!config.invitePath) return null;
  return {
    /** The page's own address, which every static host serves from `/join.html`. */
    path: config.invitePath,
    /** The built file, as nginx names it once it has found it (`$uri`). */
    file: `${config.invitePath}.html`,
    /** What follows the address: one code. */
    codes: `${config.invitePath}/`,
    headers: { 'Referrer-Policy': 'no-referrer' },
  } as const;
}

export type InviteRules = ReturnType<typeof invitePageRules>;

/** Every `/join/<code>` answered with the page (200, the address kept), in each host's own words. */
export const inviteRewrite = {
  /** A prefix location with `^~`, so no regular expression of deploy/site.conf applies to these addresses. */
  nginx: (invite: NonNullable<InviteRules>) => `location ^~ ${invite.codes} {\n  try_files ${invite.file} =404;\n}`,
  netlify: (invite: NonNullable<InviteRules>) => `${invite.codes}*  ${invite.path}  200`,
  vercel: (invite: NonNullable<InviteRules>) => ({ source: `${invite.codes}(.*)`, destination: invite.path }),
};
