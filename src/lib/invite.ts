/**
 * Group invite links (docs/app-links.md#group-invites): `https://{site}/join/<code>` opens the app where it is
 * installed; everywhere else the host serves one static page for every code (src/pages/[invite].astro), which reads
 * the code from the address in the browser and passes it on through the stores. Pure functions of the config and the
 * address, shared by the build, the page's scripts and the tests.
 */
import type { SiteConfig } from './config.ts';
import { googlePlayUrl } from './appLinks.ts';
import { hashRoutes } from './routes.ts';

export type InviteConfig = Pick<SiteConfig, 'invitePath' | 'inviteCodeMinLength' | 'inviteCodeMaxLength'>;

/** What a code is made of, in the words the config errors and the docs use. */
export const inviteCodeAlphabet = 'letters and digits';

/** Addresses the invite page may not take: the site's pages and the folders of its files. */
export const reservedInvitePaths: string[] = [
  // The legal pages the spec fixes; the build checks every legal page's address (src/lib/legal/loader.node.ts).
  ...new Set(Object.values(hashRoutes)),
  ...['/legal', '/404', '/images', '/videos', '/models', '/icons', '/sitemap-index', '/sitemap-0'],
];

/**
 * The key of the Google Play install referrer that carries the code: the app reads `invite_code=<code>` from the Play
 * Install Referrer API on its first start.
 */
export const playReferrerKey = 'invite_code';

/** The allowed form of a code, anchored: only letters and digits, so it can never be markup or a path. */
export function inviteCodePattern(config: InviteConfig): RegExp {
  return new RegExp(`^[A-Za-z0-9]{${config.inviteCodeMinLength},${config.inviteCodeMaxLength}}$`);
}

/**
 * The code in an address of the invite page (`/join/ABC123`, or `/join/ABC123/`), or undefined when the address
 * has none or one not of the allowed form (`/join/`, `/join/<script>`): the page then says the link is incomplete.
 */
export function inviteCodeFrom(pathname: string, config: InviteConfig): string | undefined {
  if (!config.invitePath || !pathname.startsWith(`${config.invitePath}/`)) return undefined;
  const segment = pathname.slice(config.invitePath.length + 1).replace(/\/$/, '');
  return inviteCodePattern(config).test(segment) ? segment : undefined;
}

/** Whether a page's path is the invite page (as built, `/join.html`, or as served, `/join/<anything>`). */
export function isInvitePage(path: string, config: Pick<SiteConfig, 'invitePath'>): boolean {
  if (!config.invitePath) return false;
  const page = path.replace(/\.html$/, '').replace(/(.)\/$/, '$1');
  return page === config.invitePath || page.startsWith(`${config.invitePath}/`);
}

/** A code of the allowed form, for the report's and the engines suite's visits and the docs: `ABC123`. */
export function exampleInviteCode(config: InviteConfig): string {
  const length = Math.min(Math.max(6, config.inviteCodeMinLength), config.inviteCodeMaxLength);
  return 'ABC123XYZ789'.repeat(6).slice(0, length);
}

/** The invite link for a code on an origin: `https://tablemates.app/join/ABC123`. */
export const inviteUrl = (origin: string, config: Pick<SiteConfig, 'invitePath'>, code: string) =>
  `${origin}${config.invitePath}/${code}`;

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
 * The inline script for the head of the invite page: before the first paint it marks `<html>` with
 * `data-invite="code"` or `"incomplete"`, so CSS shows the right parts at once and nothing moves when the page's
 * script fills them in. It only tests the address against the allowed form; it writes nothing into the page.
 * No eval, so the page's CSP hash covers it (src/lib/securityHeaders.node.ts).
 */
export function inviteStateScript(config: InviteConfig): string {
  const prefix = JSON.stringify(`${config.invitePath}/`);
  const pattern = inviteCodePattern(config).source.replace(/\$$/, '\\/?$');
  return `(function(){var p=location.pathname,c=p.indexOf(${prefix})===0&&/${pattern}/.test(p.slice(${prefix}.length));document.documentElement.setAttribute("data-invite",c?"code":"incomplete")})();`;
}

/** What the page hands its script, as JSON in the page (InviteSettings in invite.client.ts reads it). */
export interface InviteSettings extends InviteConfig {
  /** The Android package, when the app is on Google Play: the Play link and the intent carry the code. */
  androidPackage: string;
}

/** Id of the JSON data block that carries the settings into the page. */
export const inviteSettingsId = 'invite-settings';
