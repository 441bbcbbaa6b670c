import { describe, expect, it } from 'vitest';
import {
  kindOf,
  kinds,
  summarize,
  visitBudgets,
  visitFailures,
  visitRows,
  type VisitRun,
} from '../../scripts/report/visit.ts';

const kbytes = (n: number) => n * 1024;
function run(total: number, longestTaskMs: number, longTasksMs: number): VisitRun {
  const bytes = Object.fromEntries(kinds.map((kind) => [kind, 0])) as VisitRun['bytes'];
  bytes.video = kbytes(total) / 2;
  bytes.script = kbytes(total) / 2;
  return { bytes, total: kbytes(total), sceneScript: kbytes(total) / 4, longestTaskMs, longTasksMs, longTasks: 3 };
}

describe('whole-visit budget', () => {
  it('passes a visit within every budget', () => {
    expect(visitFailures([run(600, 90, 300)])).toEqual([]);
  });

  it('fails a visit over the byte budget, naming the figure and the budget', () => {
    expect(visitFailures([run(819, 90, 300)])).toEqual([
      'visit: 819.0 KB transferred over the whole visit, over the 700.0 KB budget',
    ]);
  });

  it('fails a long task over 200 ms and long tasks over 600 ms in all, in the best run', () => {
    expect(visitFailures([run(600, 274, 2500), run(600, 260, 2900)])).toEqual([
      'visit: longest main-thread task 260 ms in the best of 2 runs > 200 ms',
      'visit: long tasks 2500 ms in all in the best of 2 runs > 600 ms',
    ]);
  });

  it('checks timings on the best run (a busy machine only adds time) and bytes on the heaviest', () => {
    const runs = [run(650, 400, 2000), run(710, 120, 500), run(650, 300, 900)];
    expect(summarize(runs)).toMatchObject({ total: kbytes(710), longestTaskMs: 120, longTasksMs: 500 });
    expect(visitFailures(runs)).toEqual(['visit: 710.0 KB transferred over the whole visit, over the 700.0 KB budget']);
  });

  it('takes budgets as given', () => {
    expect(visitFailures([run(600, 150, 300)], { ...visitBudgets, longestTaskMs: 100 })).toEqual([
      'visit: longest main-thread task 150 ms in the best of 1 run > 100 ms',
    ]);
  });

  it('prints bytes by kind, the total, the scene script and the long tasks', () => {
    const rows = visitRows([run(600, 90, 300)]);
    expect(rows.map((row) => row.figure)).toEqual([
      'bytes: script',
      'bytes: video',
      'bytes: total',
      'script + wasm the scene brings',
      'longest task (best run)',
      'long tasks in all (best run)',
      'long tasks in all, every run',
    ]);
    expect(rows.find((row) => row.figure === 'bytes: total')).toEqual({
      figure: 'bytes: total',
      value: '600.0 KB',
      budget: '700.0 KB',
    });
  });

  it('sorts responses by file name first, then by what asked for them', () => {
    expect(kindOf('http://h/draco/draco_wasm_wrapper.js', 'Fetch')).toBe('script');
    expect(kindOf('http://h/draco/draco_decoder.wasm', 'Fetch')).toBe('wasm');
    expect(kindOf('http://h/models/group-meal.glb', 'Fetch')).toBe('model');
    expect(kindOf('http://h/videos/hero-small.webm', 'Media')).toBe('video');
    expect(kindOf('http://h/images/scene-still.avif', 'Image')).toBe('image');
    expect(kindOf('http://h/_astro/f.woff2', 'Font')).toBe('font');
    expect(kindOf('http://h/', 'Document')).toBe('document');
    expect(kindOf('http://h/manifest.webmanifest', 'Manifest')).toBe('other');
  });
});
