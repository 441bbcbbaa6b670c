/**
 * The machine-readable promises under /.well-known/: pure functions of the config, served by
 * src/pages/.well-known/gpc.json.ts and security.txt.ts.
 */
import type { SiteConfig } from '../config/index.ts';

export const gpcPath = '/.well-known/gpc.json';
export const securityTxtPath = '/.well-known/security.txt';

/**
 * The well-known resource of Global Privacy Control (GPC): the site honors Global Privacy Control (the privacy policy says how).
 * `lastUpdate` is the privacy policy's last-updated date (its latest approval), the text that makes the promise.
 */
export const gpcJson = (lastUpdate: string) => ({ gpc: true, lastUpdate });

/**
 * RFC 9116: where to report a vulnerability. Expires a year after the build, so a site left unbuilt for a year stops
 * claiming a contact nobody reads (the RFC asks for less than a year ahead; every build renews it).
 */
export function securityTxt(config: Pick<SiteConfig, 'contactEmail' | 'siteUrl'>, builtAt: Date): string {
  const expires = new Date(builtAt);
  expires.setUTCFullYear(expires.getUTCFullYear() + 1);
  return [
    `Contact: mailto:${config.contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Canonical: ${config.siteUrl}${securityTxtPath}`,
    'Preferred-Languages: en',
    '',
  ].join('\n');
}
