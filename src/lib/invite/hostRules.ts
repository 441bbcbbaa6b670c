/**
 * The group invite page's rules for every host (src/lib/hostFiles.node.ts writes them at build, so they follow the
 * `invitePath` of that build): one static page, `/join.html`, answers every `/join/<code>`, and as its address
 * carries the code it sends no referrer (the page also says so in a meta tag, for a host without these rules).
 */
import type { SiteConfig } from '../../config/index.ts';
import { defaultLocale, localePath } from '../i18n.ts';

/** One language's invite page: `/join.html` for `/join/<code>`, `/es/join.html` for `/es/join/<code>`. */
const pageRule = (path: string) => ({ path, file: `${path}.html`, codes: `${path}/` }) as const;
export type InvitePageRule = ReturnType<typeof pageRule>;

/**
 * Null while `invitePath` is empty: no page, no rule. `path`, `file` and `codes` are the English page's; `pages` holds
 * every language's (the config's `languages`), English first.
 */
export function invitePageRules(config: Pick<SiteConfig, 'invitePath'> & Partial<Pick<SiteConfig, 'languages'>>) {
  if (!config.invitePath) return null;
  const { invitePath } = config;
  const pages = (config.languages ?? [defaultLocale]).map((locale) => pageRule(localePath(locale, invitePath)));
  return {
    pages,
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

/** Every `/join/<code>` answered with the page (200, the address kept), in each host's own words, for one language. */
export const inviteRewrite = {
  /** A prefix location with `^~`, so no regular expression of deploy/site.conf applies to these addresses. */
  nginx: (invite: InvitePageRule) => `location ^~ ${invite.codes} {\n  try_files ${invite.file} =404;\n}`,
  netlify: (invite: InvitePageRule) => `${invite.codes}*  ${invite.path}  200`,
  vercel: (invite: InvitePageRule) => ({ source: `${invite.codes}(.*)`, destination: invite.path }),
};
