/**
 * One Lighthouse run of a page, judged on the page's own CPU time rather than the machine's wall clock.
 *
 * Lighthouse's simulated throttling (Lantern) replays the page's main-thread tasks at four times their length. Their
 * length is read from the trace's wall clock, so on a shared 2-core machine every moment the renderer waits for a
 * core (or for SwiftShader, the software GPU) counts as the page's work, and one build's total blocking time and
 * performance score move with the machine's load. So the run is split in two, as Lighthouse allows: it
 * gathers the trace (`-G`), each main-thread task of the page is shrunk to the CPU time the trace records beside it
 * (`tdur`), with its slices scaled inside it, and Lighthouse audits that trace (`-A`). A script that really computes
 * still costs its full time; a task the machine preempted costs only what it ran. Paint, LCP candidates and network
 * timings stay as observed. Lighthouse is pinned (package.json): the saved trace's file name and shape are its own.
 *
 * The layout shifts are counted as Chrome counts them for real visitors (the Core Web Vitals): without those it marks
 * as following an input. A Lighthouse run has no input, but its phone emulation resizes the viewport after the
 * navigation has started (crbug.com/1302667), and Lighthouse counts the shifts Chrome then marks in the next 500 ms.
 * So a run of `/` could read a layout shift (the hero's content laid out at another viewport first) where Chrome's own
 * count was 0.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromiumArgs, chromiumPath } from './chromium.ts';

const lighthouseBin = resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');
const lhciBin = resolve(import.meta.dirname, '../node_modules/.bin/lhci');
const lhciConfig = `--config=${resolve(import.meta.dirname, '../lighthouserc.json')}`;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { had_recent_input?: boolean } };
}

/** The trace without the layout shifts Chrome marks as following an input (see above). */
export const withoutInputShifts = (events: TraceEvent[]) =>
  events.filter((e) => !(e.name === 'LayoutShift' && e.args?.data?.had_recent_input));

/**
 * Shrinks every top-level task on a renderer main thread to its CPU time (`tdur`), and the slices inside it in
 * proportion, so they stay nested as Lighthouse requires.
 */
export function toCpuTime(events: TraceEvent[]) {
  const mainThreads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  for (const { pid, tid } of mainThreads) {
    const slices = events
      .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    let task = { start: -Infinity, end: -Infinity, scale: 1 };
    for (const slice of slices) {
      if (slice.ts < task.end) {
        slice.ts = task.start + (slice.ts - task.start) * task.scale;
        slice.dur! *= task.scale;
        continue;
      }
      const scale = slice.tdur !== undefined && slice.dur! > 0 ? Math.min(1, slice.tdur / slice.dur!) : 1;
      task = { start: slice.ts, end: slice.ts + slice.dur!, scale };
      slice.dur! *= scale;
    }
  }
}

interface MeasureOptions {
  dir: string;
  desktop?: boolean;
  skipAudits?: string[];
  /** Only these audits, and no full-page screenshot: the floor gate reads the paints alone. */
  onlyAudits?: string[];
  /**
   * Lighthouse's throttling: its simulation (Lantern) by default; `devtools` loads the page on a throttled network
   * and CPU and reports the paints as they happened (the floor gate, scripts/floorGate.ts, says why).
   */
  throttling?: 'simulate' | 'devtools';
  /**
   * At most this long (ms) for the page to load and fall quiet. Observed throttling makes Lighthouse wait at least
   * 5.25 s after the first paint, after load and for network and CPU quiet, some 14 s of a 20 s run; a paint later
   * than the cap is not seen, which the floor gate accepts (its pages paint in under a second, and the performance
   * score of lighthouserc.json, measured without a cap, weighs every page's LCP).
   */
  maxWaitForLoad?: number;
}

/** One Lighthouse run's paints, in ms. */
export interface Paints {
  fcp: number;
  lcp: number;
}

type Audits = Record<string, { numericValue?: number; errorMessage?: string }>;

/**
 * The paints of a Lighthouse report it has no figure for, each as `id: why`. Lighthouse can exit 0 and write a report
 * without them: CI's floor gate once read a run of /privacy with no FCP and no LCP. Other audits may err on a page
 * and still leave its paints and scores sound (the busy page of tests/integration/lighthouse-gates.test.ts does).
 */
export function unmeasuredPaints(report: { audits: Audits }) {
  return ['first-contentful-paint', 'largest-contentful-paint']
    .filter((id) => report.audits[id]?.numericValue === undefined)
    .map((id) => `${id}: ${report.audits[id]?.errorMessage ?? 'no figure'}`);
}

/**
 * Measures `url` once on a phone (or a desktop) and writes the report where `lhci assert` and `lhci upload` read
 * them, `<dir>/lhr-<time><count>.json` (digits only: `lhci` reads no other name; the count keeps two
 * runs of one moment apart), and returns its paints. A run Lighthouse gives up on ("Something went wrong with
 * recording the trace over your page load. Please run Lighthouse again"),
 * or one without its paints (`unmeasuredPaints`), leaves no report and is run again, up to three attempts, as
 * `lhci collect` does; if all three fail, the first error is thrown.
 */
export async function measure(url: string, options: MeasureOptions): Promise<Paints> {
  const errors: unknown[] = [];
  while (errors.length < 3) {
    try {
      return await measureOnce(url, options);
    } catch (error) {
      errors.push(error);
      // Said, so a run that succeeds on its second attempt still shows how often Lighthouse fails here. Lighthouse
      // says why on the last line of its standard error; the error's own first line is only the command.
      const why = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1) || String(error).split('\n')[0];
      console.warn(`Lighthouse's attempt ${errors.length} of 3 at ${url} failed: ${why}`);
    }
  }
  throw errors[0];
}

/** Reports written by this process, so two runs of one millisecond get two names. */
let reportsWritten = 0;
async function measureOnce(url: string, options: MeasureOptions): Promise<Paints> {
  // Both halves take the same settings: Lighthouse refuses to audit with others than it gathered with.
  const settings = [
    ...(options.onlyAudits ? [] : [`--only-categories=${categories.join(',')}`]),
    ...(options.throttling ? [`--throttling-method=${options.throttling}`] : []),
    `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
    ...(options.desktop ? ['--preset=desktop'] : []),
    ...(options.skipAudits ? [`--skip-audits=${options.skipAudits.join(',')}`] : []),
    ...(options.onlyAudits ? [`--only-audits=${options.onlyAudits.join(',')}`, '--disable-full-page-screenshot'] : []),
    ...(options.maxWaitForLoad ? [`--max-wait-for-load=${options.maxWaitForLoad}`] : []),
  ];
  const lighthouse = (args: string[]) =>
    promisify(execFile)(lighthouseBin, [url, '--quiet', ...settings, ...args], {
      env: { ...process.env, CHROME_PATH: chromiumPath() },
      maxBuffer: 64 * 1024 * 1024,
    });
  mkdirSync(options.dir, { recursive: true });
  const report = join(options.dir, `lhr-${Date.now()}${String(++reportsWritten).padStart(4, '0')}.json`);
  const output = ['--output=json', `--output-path=${report}`];
  try {
    // Observed paints are read as they happened: the trace needs no rewriting, so one pass does.
    if (options.throttling === 'devtools') await lighthouse(output);
    else await gatherAndAudit(lighthouse, output);
    const { audits } = JSON.parse(readFileSync(report, 'utf8')) as { audits: Audits };
    const unmeasured = unmeasuredPaints({ audits });
    if (unmeasured.length) throw new Error(`Lighthouse's run of ${url} read no paint: ${unmeasured.join('; ')}`);
    const paint = (id: string) => Math.round(audits[id]!.numericValue!);
    return { fcp: paint('first-contentful-paint'), lcp: paint('largest-contentful-paint') };
  } catch (error) {
    // A failed run's report (Lighthouse writes one before it exits with a runtime error) must not be asserted on.
    rmSync(report, { force: true });
    throw error;
  }
}

/** The two-pass run: gather the trace, bring its tasks to their CPU time (see above), audit it. */
async function gatherAndAudit(lighthouse: (args: string[]) => Promise<unknown>, output: string[]) {
  const work = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  try {
    await lighthouse([`-G=${work}`]);
    const traceFile = join(work, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TraceEvent[] };
    trace.traceEvents = withoutInputShifts(trace.traceEvents);
    toCpuTime(trace.traceEvents);
    writeFileSync(traceFile, JSON.stringify(trace));
    await lighthouse([`-A=${work}`, ...output]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A report as `lhci upload` lists it (its manifest.json). */
interface JudgedReport {
  url: string;
  isRepresentativeRun: boolean;
  summary: Record<string, number>;
  jsonPath: string;
}

/**
 * `lhci assert` (lighthouserc.json) on the reports `measure` wrote to `<cwd>/.lighthouseci/`, then `lhci upload` of
 * them to `outDir`. The verdict fails too when lhci read fewer reports than the `runs` made: it passes with none, so a
 * report under a name it skips would pass unjudged.
 */
export function judge({ cwd, runs, outDir }: { cwd: string; runs: number; outDir: string }) {
  const lhci = (args: string[]) => spawnSync(lhciBin, args, { cwd, encoding: 'utf8' });
  const assert = lhci(['assert', lhciConfig]);
  const upload = lhci(['upload', lhciConfig, `--outputDir=${outDir}`]);
  if (upload.status !== 0) throw new Error(`lhci upload failed: ${upload.stdout}${upload.stderr}`);
  const reports = JSON.parse(readFileSync(join(cwd, outDir, 'manifest.json'), 'utf8')) as JudgedReport[];
  const unread = reports.length === runs ? '' : `lhci read ${reports.length} of the ${runs} reports of this run\n`;
  return { passed: assert.status === 0 && !unread, output: `${assert.stdout}${assert.stderr}${unread}`, reports };
}
