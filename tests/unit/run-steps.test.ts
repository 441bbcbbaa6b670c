import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepName, timings } from '../../scripts/run-steps.mjs';

const scripts = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;

describe('npm test', () => {
  it('installs the system packages first, then runs every tier in order, the report last', () => {
    const steps = [...scripts.test!.matchAll(/'([^']+)'/g)].map((match) => stepName(match[1]!));
    expect(steps).toEqual([
      'ensure-system-deps browser server media engines',
      'lint',
      'typecheck',
      'test:unit',
      'test:integration',
      'build',
      'test:e2e',
      'test:engines',
      'report --skip-build',
    ]);
  });

  it('names the system packages each command needs as its first step, and the unit tier needs none', () => {
    const first = (script: string) => /node scripts\/ensure-system-deps\.mjs([\w ]*?) &&/.exec(scripts[script]!)?.[1];
    expect(first('start')).toBe(' server');
    expect(first('report')).toBe(' browser server');
    expect(first('footage')).toBe(' browser media');
    expect(first('media')).toBe(' media');
    expect(first('test:integration')).toBe(' media server');
    expect(first('test:e2e')).toBe(' browser server');
    expect(first('test:engines')).toBe(' browser server engines');
    expect(scripts['test:unit']).not.toContain('ensure-system-deps');
  });

  it('ends with the time of each step, and says which one failed', () => {
    expect(
      timings([
        { name: 'lint', ms: 17_040, status: 0 },
        { name: 'test:unit', ms: 6_480, status: 1 },
      ]),
    ).toBe(
      ['step times:', '  lint         17.0 s', '  test:unit     6.5 s  FAILED (exit 1)', '  total        23.5 s'].join(
        '\n',
      ),
    );
  });
});
