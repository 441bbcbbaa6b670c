/**
 * The trace Lighthouse audits (scripts/lighthouse.ts): main-thread tasks at their CPU time, so a preempted task costs
 * what it ran and a computing one all of it, and no layout shift Chrome marks as following an input. And the report it
 * writes: one without its paints is a failed run, and one Lighthouse CI cannot read fails the verdict.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { judge, toCpuTime, unmeasuredPaints, withoutInputShifts } from '../../scripts/lighthouse.ts';

const main = { pid: 1, tid: 2 };
const thread = { ...main, ph: 'M', name: 'thread_name', ts: 0, args: { name: 'CrRendererMain' } };
const slice = (name: string, ts: number, dur: number, tdur?: number) => ({ ...main, ph: 'X', name, ts, dur, tdur });

it('shrinks a preempted task to its CPU time, its slices in proportion, and keeps a computing task whole', () => {
  const preempted = slice('RunTask', 1000, 200_000, 50_000);
  const script = slice('EvaluateScript', 101_000, 100_000, 25_000);
  const computing = slice('RunTask', 300_000, 80_000, 80_000);
  const elsewhere = { ...slice('RunTask', 1000, 200_000, 10_000), tid: 3 };
  toCpuTime([thread, preempted, script, computing, elsewhere]);
  expect([preempted.ts, preempted.dur]).toEqual([1000, 50_000]);
  expect([script.ts, script.dur]).toEqual([26_000, 25_000]);
  expect([computing.ts, computing.dur]).toEqual([300_000, 80_000]);
  expect(elsewhere.dur).toBe(200_000);
});

it('drops the layout shifts marked as following an input, and only those', () => {
  const shift = (had_recent_input: boolean) => ({
    ...main,
    ph: 'I',
    name: 'LayoutShift',
    ts: 1,
    args: { data: { had_recent_input } },
  });
  expect(withoutInputShifts([shift(true), shift(false)])).toEqual([shift(false)]);
});

it('names the paints a report has no figure for, and none of a sound one', () => {
  const paint = { numericValue: 812 };
  const erred = { errorMessage: 'The page did not paint any content. (NO_FCP)' };
  const sound = { 'first-contentful-paint': paint, 'largest-contentful-paint': paint };
  expect(unmeasuredPaints({ audits: sound })).toEqual([]);
  expect(unmeasuredPaints({ audits: { 'first-contentful-paint': erred } })).toEqual([
    'first-contentful-paint: The page did not paint any content. (NO_FCP)',
    'largest-contentful-paint: no figure',
  ]);
});

it('fails the verdict on a report under a name Lighthouse CI skips, which `lhci assert` alone passes', () => {
  const work = mkdtempSync(join(tmpdir(), 'lhci-'));
  try {
    mkdirSync(join(work, '.lighthouseci'));
    writeFileSync(join(work, '.lighthouseci', 'lhr-2a9f4c1e.json'), '{}');
    const verdict = judge({ cwd: work, runs: 1, outDir: 'reports' });
    expect(verdict.output).toContain('0 total run(s)');
    expect(verdict.output).toContain('lhci read 0 of the 1 reports of this run');
    expect(verdict.passed).toBe(false);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
