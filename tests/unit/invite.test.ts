import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import {
  androidIntentUrl,
  exampleInviteCode,
  inviteCodeFrom,
  inviteStateScript,
  isInvitePage,
  playUrlWithInvite,
} from '../../src/lib/invite/invite.ts';
import { siteValues } from '../fixtures/siteValues.ts';

const config = loadConfig({}, { ...siteValues, invitePath: '/join' });

/** What the head script marks on <html> for an address, run as the browser runs it, and the banner it leaves. */
function run(pathname: string, script = inviteStateScript(config)) {
  const attributes: Record<string, string> = {};
  const banner = {
    content: 'app-id=123',
    getAttribute: () => banner.content,
    setAttribute: (_: string, value: string) => (banner.content = value),
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) },
    querySelector: () => banner,
  };
  const location = { pathname, origin: 'https://example.com' };
  new Function('location', 'document', 'addEventListener', script)(location, document, () => {});
  return { state: attributes['data-invite'], banner: banner.content };
}
const stateFor = (pathname: string, script?: string) => run(pathname, script).state;

describe('the invite code', () => {
  it.each([
    ['/join/ABC123', 'ABC123'],
    ['/join/abc123XYZ789', 'abc123XYZ789'],
    ['/join/ABC123/', 'ABC123'],
    ['/join/', undefined],
    ['/join', undefined],
    ['/join/AB12', undefined],
    ['/join/ABC123XYZ7890', undefined],
    ['/join/%3Cscript%3Ealert(1)%3C/script%3E', undefined],
    ['/join/ABC-123', undefined],
    ['/join/ABC123/extra', undefined],
    ['/joined/ABC123', undefined],
  ])('in %s is %s, and the head script agrees before the first paint', (pathname, code) => {
    expect(inviteCodeFrom(pathname, config)).toBe(code);
    expect(stateFor(pathname)).toBe(code ? 'code' : 'incomplete');
  });

  it("hands Safari's banner the invite's address made of the checked code alone, and nothing else", () => {
    expect(run('/join/ABC123/').banner).toBe('app-id=123, app-argument=https://example.com/join/ABC123');
    for (const path of ['/join/AB12', '/join/%22%3E%3Cscript%3E', '/join/ABC123/extra', '/'])
      expect(run(path).banner, path).toBe('app-id=123');
  });

  it('follows the configured length', () => {
    const short = loadConfig({}, { ...siteValues, invitePath: '/g', inviteCodeMinLength: 4, inviteCodeMaxLength: 4 });
    expect(inviteCodeFrom('/g/AB12', short)).toBe('AB12');
    expect(inviteCodeFrom('/g/AB123', short)).toBeUndefined();
    expect(stateFor('/g/AB12', inviteStateScript(short))).toBe('code');
    expect(exampleInviteCode(short)).toBe('ABC1');
  });

  it('on the 404 page, marks only an invite address, so any other stays the 404 page', () => {
    const notFound = inviteStateScript(config, 'Join my group');
    expect(stateFor('/join/ABC123', notFound)).toBe('code');
    expect(stateFor('/join/AB', notFound)).toBe('incomplete');
    expect(stateFor('/nope', notFound)).toBeUndefined();
    expect(stateFor('/joined/ABC123', notFound)).toBeUndefined();
    // Nor does it carry monitoring, as its address may carry a code.
    expect(isInvitePage('/404', config)).toBe(true);
  });

  it('is off while the invite address is empty, the default', () => {
    const off = loadConfig({}, siteValues);
    expect(off.invitePath).toBe('');
    expect(inviteCodeFrom('/join/ABC123', off)).toBeUndefined();
    expect(isInvitePage('/join', off)).toBe(false);
  });

  it('stops a longest code shorter than the shortest, naming both fields', () => {
    expect(() => loadConfig({}, { ...siteValues, inviteCodeMinLength: 10, inviteCodeMaxLength: 8 })).toThrow(
      'inviteCodeMaxLength (site.config.ts) is 8; expected a length no shorter than inviteCodeMinLength (10)',
    );
  });
});

describe('the links that carry the code', () => {
  it("hands it to Google Play's install referrer as invite_code", () => {
    const url = new URL(playUrlWithInvite('com.example.tablemates', 'ABC123'));
    expect(url.origin + url.pathname).toBe('https://play.google.com/store/apps/details');
    expect(url.searchParams.get('id')).toBe('com.example.tablemates');
    expect(url.searchParams.get('referrer')).toBe('invite_code=ABC123');
  });

  it('opens the same address in the Android app, falling back to that Play listing', () => {
    const play = playUrlWithInvite('com.example.tablemates', 'ABC123');
    expect(androidIntentUrl('https://tablemates.app/join/ABC123', 'com.example.tablemates', play)).toBe(
      'intent://tablemates.app/join/ABC123#Intent;scheme=https;package=com.example.tablemates;' +
        `S.browser_fallback_url=${encodeURIComponent(play)};end`,
    );
  });

  it('knows the invite page as built and as served, and no other page', () => {
    for (const path of ['/join', '/join.html', '/join/', '/join/ABC123']) expect(isInvitePage(path, config)).toBe(true);
    for (const path of ['/', '/joined', '/privacy', '/legal/join']) expect(isInvitePage(path, config)).toBe(false);
  });
});
