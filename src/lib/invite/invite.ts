/**
 * Group invite links (docs/app-links.md#group-invites): `https://{site}/join/<code>` opens the app where it is
 * installed; everywhere else the host serves one static page for every code (InvitePage.astro), which reads the code
 * from the address in the browser and passes it on through the stores. Pure functions of the config and the address,
 * shared by the build, the page's script and the tests.
 */
import type { SiteConfig } from '../../config/index.ts';
import { googlePlayUrl } from '../appLinks.ts';
import { localeOf } from '../i18n.ts';

export type InviteConfig = Pick<SiteConfig, 'invitePath' | 'inviteCodeMinLength' | 'inviteCodeMaxLength'>;

/**
 * The key of the Google Play install referrer that carries the code: the app reads `invite_code=<code>` from the Play
 * Install Referrer API on its first start.
 */
export const playReferrerKey = 'invite_code';

/**
 * The code in an address of the invite page (`/join/ABC123`, or `/join/ABC123/`), or undefined when the address
 * has none or one not of the allowed form (`/join/`, `/join/<script>`): the page then says the link is incomplete.
 * It uses nothing from outside, as it also runs serialized in the page's head (inviteStateScript).
 */
export function inviteCodeFrom(pathname: string, config: InviteConfig): string | undefined {
  const { invitePath, inviteCodeMinLength, inviteCodeMaxLength } = config;
  if (!invitePath || pathname.indexOf(`${invitePath}/`) !== 0) return undefined;
  const segment = pathname.slice(invitePath.length + 1).replace(/\/$/, '');
  return new RegExp(`^[A-Za-z0-9]{${inviteCodeMinLength},${inviteCodeMaxLength}}$`).test(segment) ? segment : undefined;
}

/**
 * Whether a page's path is the invite page (as built, `/join.html`, or as served, `/join/<anything>`), or the 404
 * page, which shows the invite where a host has no rewrite, in any language (`/es/join/<anything>`).
 */
export function isInvitePage(path: string, config: Pick<SiteConfig, 'invitePath' | 'languages'>): boolean {
  if (!config.invitePath) return false;
  // In every language: `/es/join/<code>` is `/join/<code>` in Spanish.
  const page = localeOf(path.replace(/\.html$/, '').replace(/(.)\/$/, '$1'), config.languages).path;
  return page === '/404' || page === config.invitePath || page.startsWith(`${config.invitePath}/`);
}

/** A code of the allowed form, for the report's and the engines suite's visits and the docs: `ABC123`. */
export function exampleInviteCode(config: InviteConfig): string {
  const length = Math.min(Math.max(6, config.inviteCodeMinLength), config.inviteCodeMaxLength);
  return 'ABC123XYZ789'.repeat(6).slice(0, length);
}

/**
 * The Google Play listing that hands the code to the app after the install: Play keeps the `referrer` parameter
 * and gives it to the installed app once (Play Install Referrer API), URL-decoded: `invite_code=ABC123`.
 */
export const playUrlWithInvite = (androidPackage: string, code: string) =>
  `${googlePlayUrl(androidPackage)}&referrer=${encodeURIComponent(`${playReferrerKey}=${code}`)}`;

/**
 * "Open in the app" on Android. Chrome keeps a tap on a link to the page's own site in the browser, even where the
 * app is verified for it, so the link is an intent: the app opens the same https address, and where it is not
 * installed Chrome follows the fallback, the Play listing carrying the code.
 */
export function androidIntentUrl(link: string, androidPackage: string, fallbackUrl: string): string {
  const url = new URL(link);
  return (
    `intent://${url.host}${url.pathname}#Intent;scheme=${url.protocol.replace(':', '')};package=${androidPackage};` +
    `S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};end`
  );
}

/**
 * Runs inline in the head, before the first paint: marks `<html>` with `data-invite="code"` or `"incomplete"` from the
 * address alone, so invite.css shows that state's parts at once. For a code, once the page has loaded it starts the
 * page's script (invite.client.ts, kept inert in a template until then), which fills the parts in without moving
 * them: no script is fetched before the first paint. On the 404 page (`notFoundTitle` set) only an invite address is
 * marked, and the tab takes the invite's title. Serialized with inviteCodeFrom, so it uses nothing else.
 */
/* eslint-disable no-restricted-globals -- serialized into the page's head, this function runs in the browser only */
function markInviteState(codeFrom: typeof inviteCodeFrom, config: InviteConfig, notFoundTitle?: string) {
  const path = location.pathname;
  if (notFoundTitle && path.indexOf(`${config.invitePath}/`) !== 0) return;
  const code = codeFrom(path, config);
  document.documentElement.setAttribute('data-invite', code ? 'code' : 'incomplete');
  if (notFoundTitle) document.title = notFoundTitle;
  // Safari's app banner hands its app-argument to the app it opens: the invite's address, on this page's own host,
  // made of the checked code alone (docs/app-links.md#group-invites).
  const banner = document.querySelector('meta[name="apple-itunes-app"]');
  if (code && banner)
    banner.setAttribute(
      'content',
      `${banner.getAttribute('content')}, app-argument=${location.origin}${config.invitePath}/${code}`,
    );
  const pageScript = () => (document.getElementById('invite-script') as HTMLTemplateElement).content;
  if (code) addEventListener('load', () => document.body.append(pageScript()));
}
/* eslint-enable no-restricted-globals */

/** The head script of the invite page, or of the 404 page with the invite's title. */
export function inviteStateScript(config: InviteConfig, notFoundTitle?: string): string {
  const { invitePath, inviteCodeMinLength, inviteCodeMaxLength } = config;
  const values = JSON.stringify([{ invitePath, inviteCodeMinLength, inviteCodeMaxLength }, notFoundTitle]);
  return `(${markInviteState})(${inviteCodeFrom},${values.slice(1, -1).replace(/</g, '\\u003c')})`;
}
