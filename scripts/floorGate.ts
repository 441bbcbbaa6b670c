/**
 * The floor gate of `npm run report`: each page's largest paint judged against its floor (scripts/floor.ts, the same
 * words with their inline CSS and nothing to fetch or run), both served by the production nginx configuration,
 * measured in the same run, page and floor in turn, round after round. Two budgets (`floorBudgets`, `floorRatios`):
 *
 * - the largest paint is in the first paint: LCP at most 50 ms after FCP, on the median round;
 * - the page paints its largest about as soon as its floor: LCP at most 1.1 times the floor's on a text page, on its
 *   best round; 1.2 on the landing and invite pages (`floorRatios`: docs/testing.md, "Why the landing and invite
 *   pages are held to 1.2").
 *
 * A busy machine only ever adds time, so the best of several rounds is the one it disturbed least, and taking the
 * page's and the floor's in turn gives both the same quiet moments.
 *
 * Lighthouse runs on a phone with its devtools throttling (a phone's network and a 4x slower CPU applied while the
 * page loads) and reports the paints as they happened. Its default simulation (Lantern) replays the load and counts,
 * before the largest paint, every request that ended before the paint was seen: on a busy machine it read one frame
 * as two.
 */
import { nginxDirOf } from '../src/lib/hostFiles.node.ts';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { floorPage } from './floor.ts';
import { measure, type Paints } from './lighthouse.ts';
import { startNginx } from './nginx.ts';

/** The budgets of a text page (legal, support); `floorRatios` gives the others theirs. */
export const floorBudgets = { ratio: 1.1, afterFirstPaintMs: 50 };
export const floorRatios = { landing: 1.2, invite: 1.2 };

/**
 * How long a run waits for the page (scripts/lighthouse.ts, `maxWaitForLoad`): every page gated paints its largest in
 * under a second, and a later, larger paint (the sharp hero still replacing its preview at about 1.4 s) is still seen.
 * Lighthouse would wait some 14 s for quiet, so a round costs half as long and the gate affords more of them.
 */
const paintWaitMs = 4000;

export interface FloorVerdict {
  path: string;
  rounds: number;
  /** LCP on the page's and the floor's best round, and their ratio. */
  lcp: number;
  floorLcp: number;
  ratio: number;
  /** LCP − FCP on the page's median round. */
  afterFirstPaint: number;
  /** Each budget missed, with its figure. */
  failures: string[];
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
};

/** Judges a page from its rounds and its floor's (the same number of each). */
export function judgeFloor(path: string, page: Paints[], floor: Paints[], budgets = floorBudgets): FloorVerdict {
  if (page.length === 0 || page.length !== floor.length)
    throw new Error(
      `${path}: ${page.length} runs of the page and ${floor.length} of its floor; expected as many, at least one`,
    );
  for (const run of [...page, ...floor])
    if (!(run.fcp > 0 && run.lcp >= run.fcp))
      throw new Error(`${path}: a run read FCP ${run.fcp} and LCP ${run.lcp}; expected 0 < FCP <= LCP`);
  const lcp = Math.min(...page.map((run) => run.lcp));
  const floorLcp = Math.min(...floor.map((run) => run.lcp));
  const ratio = lcp / floorLcp;
  const afterFirstPaint = median(page.map((run) => run.lcp - run.fcp));
  const failures = [
    ...(ratio > budgets.ratio ? [`LCP ${ratio.toFixed(2)}x the floor's (budget ${budgets.ratio}x)`] : []),
    ...(afterFirstPaint > budgets.afterFirstPaintMs
      ? [`LCP ${Math.round(afterFirstPaint)} ms after FCP (budget ${budgets.afterFirstPaintMs} ms)`]
      : []),
  ];
  return { path, rounds: page.length, lcp, floorLcp, ratio, afterFirstPaint, failures };
}

interface FloorGateOptions {
  /** The build to measure (dist/ by default); it is copied, and the floors are written into the copy. */
  root?: string;
  port: number;
  /** The pages' paths, like `/privacy`. */
  paths: string[];
  rounds: number;
  /**
   * Rounds more for a page over its ratio budget after `rounds`, beside its floor as before (none by default): a
   * borderline reading is measured again before it is a verdict, where a page truly over its budget stays over on its
   * best of all.
   */
  extraRounds?: number;
  /** A page's LCP ratio budget other than a text page's (`floorRatios`), by its path. */
  ratios?: Record<string, number>;
  /** Where the Lighthouse reports go. */
  dir: string;
}

/** Serves a copy of the build with a floor beside each page, measures them in turn, `rounds` times, and judges. */
export async function runFloorGate(options: FloorGateOptions) {
  const { root = 'dist', port, paths, rounds, extraRounds = 0, ratios = {}, dir } = options;
  for (const [name, value, least] of [
    ['rounds', rounds, 1],
    ['extraRounds', extraRounds, 0],
  ] as const)
    if (!(Number.isInteger(value) && value >= least))
      throw new Error(`${name} is ${value}; expected a whole number, at least ${least}`);
  const site = mkdtempSync(join(tmpdir(), 'floor-gate-'));
  cpSync(root, site, { recursive: true });
  // nginx's files for this build are written beside it, never in it (src/lib/hostFiles.node.ts).
  cpSync(nginxDirOf(root), nginxDirOf(site), { recursive: true });
  const server = await startNginx({ port, root: site });
  const url = (path: string) => `http://127.0.0.1:${port}${path}`;
  try {
    const floors = new Map<string, string>();
    for (const [index, path] of paths.entries()) {
      const response = await fetch(url(path));
      if (!response.ok) throw new Error(`${url(path)} answered ${response.status}; expected a page to measure`);
      const floor = floorPage(await response.text());
      writeFileSync(join(site, `floor-${index}.html`), floor);
      // A floor the server did not find would measure its 404 page instead.
      const served = await fetch(url(`/floor-${index}`));
      if (!served.ok || (await served.text()) !== floor)
        throw new Error(`the floor of ${path} is not served as written`);
      floors.set(path, `/floor-${index}`);
    }
    const runs = new Map(paths.map((path) => [path, { page: [] as Paints[], floor: [] as Paints[] }]));
    const measureRound = async (round: string, path: string) => {
      console.log(`Floor gate, ${round}: ${path} and its floor`);
      for (const side of ['page', 'floor'] as const) {
        const paints = await measure(url(side === 'page' ? path : floors.get(path)!), {
          dir,
          throttling: 'devtools',
          onlyAudits: ['first-contentful-paint', 'largest-contentful-paint'],
          maxWaitForLoad: paintWaitMs,
        });
        runs.get(path)![side].push(paints);
      }
    };
    const ratioOf = (path: string) => ratios[path] ?? floorBudgets.ratio;
    const verdictOf = (path: string) =>
      judgeFloor(path, runs.get(path)!.page, runs.get(path)!.floor, { ...floorBudgets, ratio: ratioOf(path) });
    for (let round = 1; round <= rounds; round++)
      for (const path of paths) await measureRound(`round ${round} of ${rounds}`, path);
    const doubtful = paths.filter((path) => verdictOf(path).ratio > ratioOf(path));
    for (let round = 1; round <= extraRounds && doubtful.length; round++)
      for (const path of doubtful) await measureRound(`extra round ${round} of ${extraRounds} (over its ratio)`, path);
    return paths.map(verdictOf);
  } finally {
    await server.stop();
    for (const dir of [site, nginxDirOf(site)]) rmSync(dir, { recursive: true, force: true });
  }
}

/** One line of the report's table for a verdict. */
export const verdictLine = (verdict: FloorVerdict) =>
  `${verdict.failures.length ? `FAILED: ${verdict.failures.join('; ')}` : 'passed'}: LCP ${verdict.lcp} ms, floor ` +
  `${verdict.floorLcp} ms (${verdict.ratio.toFixed(2)}x, best of ${verdict.rounds}); LCP − FCP ` +
  `${Math.round(verdict.afterFirstPaint)} ms (median)`;
