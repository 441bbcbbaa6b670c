/**
 * A feature switched for a legal change approved for later waits for that change's day everywhere but the newest
 * words (packages/legal/src/record/featuresInEffect.node.ts), on a fixture record.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, type SiteConfig } from '../../../src/config/index.ts';
import { featureNames, featureValues, type Features } from '../../../src/lib/features.ts';
import type { Approval, Approvals } from '../src/record/approvals.node.ts';
import { configInEffect, pendingSwitches } from '../src/record/featuresInEffect.node.ts';

const allOn = Object.fromEntries(featureNames.map((name) => [name, true])) as Features;
const withoutAi = { ...allOn, ai: false };
const approval = (version: string, features?: Features, takesEffect?: string): Approval => ({
  version,
  date: version,
  approvedBy: 'Dana Owner',
  note: 'A change',
  sha256: '0'.repeat(64),
  ...(takesEffect && { takesEffect }),
  ...(features && { features }),
});
/** The app had no AI; the owner switched `ai` on with a privacy policy that takes effect on 2027-01-01. */
const record: Approvals = {
  privacy: [approval('2026-01-05', withoutAi), approval('2026-12-02', allOn, '2027-01-01')],
  'privacy.es': [approval('2026-01-05'), approval('2026-12-02', undefined, '2027-01-01')],
};
const config: SiteConfig = { ...loadConfig(), features: allOn, aiProvider: 'Mistral AI' };

describe('a feature switched with a legal change approved for later', () => {
  it('stays as the version in effect says until the day the change takes effect', () => {
    expect(pendingSwitches(allOn, record, '2026-12-31')).toEqual([
      { feature: 'ai', stays: false, until: '2027-01-01', version: 'privacy@2026-12-02' },
    ]);
    expect(configInEffect(config, record, '2026-12-31').features).toEqual(withoutAi);
  });

  it('reaches everything on that day, and never waits on a record that does not say its features', () => {
    expect(pendingSwitches(allOn, record, '2027-01-01')).toEqual([]);
    expect(configInEffect(config, record, '2027-01-01')).toBe(config);
    const unsaid = { privacy: record.privacy!.map((each) => ({ ...each, features: undefined })) };
    expect(pendingSwitches(allOn, unsaid, '2026-12-31')).toEqual([]);
  });

  it('keeps a feature switched off on until that day, and stops, naming the field, on a value emptied too soon', () => {
    const off = { privacy: [approval('2026-01-05', allOn), approval('2026-12-02', withoutAi, '2027-01-01')] };
    const kept = { ...config, features: withoutAi };
    expect(configInEffect(kept, off, '2026-12-31').features).toEqual(allOn);
    const emptied = { ...kept, ...Object.fromEntries(featureValues.ai.map((field) => [field, ''])) };
    expect(() => configInEffect(emptied, off, '2026-12-31')).toThrow(
      'site.config.ts: aiProvider is empty; expected its value until 2027-01-01',
    );
  });
});
