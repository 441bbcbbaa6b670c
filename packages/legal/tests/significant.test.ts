/** What must follow a significant change, listed by check:release until it is recorded (significant.node.ts). */
import { describe, expect, it } from 'vitest';
import type { Approval } from '../src/record/approvals.node.ts';
import { significantToFollow } from '../src/record/significant.node.ts';
import { loadConfig } from '../../../src/config/index.ts';

const approval = (version: string, more: Partial<Approval> = {}): Approval => ({
  version,
  date: version,
  approvedBy: 'Ana Owner',
  note: 'A change',
  sha256: '0'.repeat(64),
  ...more,
});
const config = loadConfig();
const followed = { date: '2027-01-02', by: 'Ana Owner', note: 'Told both stores', sha256: '1'.repeat(64) };
const app = (androidPackage: string, teens: boolean) => ({ androidPackage, features: { ...config.features, teens } });

describe('a significant change', () => {
  const approvals = {
    privacy: [approval('2027-01-01'), approval('2027-01-02', { significant: true, takesEffect: '2027-02-01' })],
    'terms-of-use': [approval('2027-01-01', { significant: false })],
    // A translation takes effect with its English version, which carries the choice.
    'privacy.es': [approval('2027-01-02', { significant: true })],
  };

  it('is listed until what must follow it is recorded, with what to do by the day it takes effect', () => {
    expect(significantToFollow(approvals, app('', false))).toEqual([
      'privacy@2027-01-02 is a significant change: by 2027-02-01, the day it takes effect, tell App Store Connect of the change  (then record it: npm run legal:approve -- privacy --followed --by "<your name>" --note "<what you did>")',
    ]);
    const done = { ...approvals, privacy: [approvals.privacy[0]!, { ...approvals.privacy[1]!, followed }] };
    expect(significantToFollow(done, app('', false))).toEqual([]);
  });

  it('asks Google Play to be told too for an Android app, and parents asked again where the app has teen accounts', () => {
    const [line] = significantToFollow(approvals, app('com.example.app', true));
    expect(line).toContain(
      'tell App Store Connect and Google Play Console of the change, and ask the parents of users under 18 for their consent again',
    );
  });
});
