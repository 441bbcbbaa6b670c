/**
 * Gives a built page its own Content-Security-Policy, in a `<meta http-equiv>` right after `<meta charset>` (before
 * any inline code it allows), with the hashes of that page's inline scripts and styles as they ship. So the host
 * files never follow the pages (src/lib/securityHeaders.node.ts says why). finishDist.ts runs it after every other
 * edit of the HTML.
 */
import { siteConfig } from '../config/index.ts';
import { inlineCode, pagePolicy } from '../lib/securityHeaders.node.ts';

const charsetTag = /<meta charset="utf-8"\s*\/?>/i;

/** The page with its policy as the first element after its charset declaration. */
export function withPagePolicy(html: string, file: string): string {
  if (!charsetTag.test(html)) {
    throw new Error(`${file} has no <meta charset="utf-8">; expected one, so the page policy can follow it.`);
  }
  const policy = pagePolicy({ config: siteConfig(), inline: inlineCode(html) });
  return html.replace(charsetTag, (tag) => `${tag}<meta http-equiv="content-security-policy" content="${policy}">`);
}
