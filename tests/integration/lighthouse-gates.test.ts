/**
 * The Lighthouse gates bite (lighthouserc.json and the floor gate, run by `npm run report`): a build is broken on
 * purpose the way a regression would break it, served by the production nginx configuration, measured as
 * `npm run report` measures (scripts/lighthouse.ts, scripts/floorGate.ts), and each broken budget must be named.
 * `/` gets a script that keeps the main thread busy after load (`lhci assert`: the performance score and total
 * blocking time) and loses the copy of the hero still in its HTML (src/lib/heroPreview.ts: its largest paint comes
 * after its first); `/privacy` gets a render-blocking stylesheet (its largest paint, and its first, far behind its
 * floor's).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFloorGate, type FloorVerdict } from '../../scripts/floorGate.ts';
import { judge, measure } from '../../scripts/lighthouse.ts';
import { startNginx } from '../../scripts/nginx.ts';
import { freePort, run } from '../support/processes.ts';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'lighthouse-gates-'));
const site = join(work, 'dist');
let output = '';
let judged = 0;
let verdicts: FloorVerdict[] = [];

/** Adds `tag` before `</head>` of a page, and drops the page's precompressed copies, which nginx would serve instead. */
function inject(page: string, tag: string) {
  const file = join(site, page);
  writeFileSync(file, readFileSync(file, 'utf8').replace('</head>', `${tag}</head>`));
  for (const suffix of ['.br', '.gz']) rmSync(file + suffix, { force: true });
}

beforeAll(async () => {
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  await run(join(root, 'node_modules/.bin/astro'), ['build', '--outDir', site], env);
  // One task of 600 ms right after load: what an eager third-party widget can cost.
  writeFileSync(
    join(site, 'busy.js'),
    'addEventListener("load",()=>{const end=performance.now()+600;while(performance.now()<end);});',
  );
  inject('index.html', '<script src="/busy.js" defer></script>');
  // The hero still fetched, as before it came in the HTML.
  const landing = join(site, 'index.html');
  const withPreview = readFileSync(landing, 'utf8');
  writeFileSync(landing, withPreview.replace(/<style>[^<]*data:image\/avif[^<]*<\/style>/, ''));
  expect(readFileSync(landing, 'utf8')).not.toBe(withPreview);
  // 300 KB of rules compression cannot shrink, that the browser must fetch and parse before it paints anything.
  const rule = () => `.x${randomBytes(8).toString('hex')}{color:#${randomBytes(3).toString('hex')}}\n`;
  writeFileSync(join(site, 'heavy.css'), Array.from({ length: 10_000 }, rule).join(''));
  inject('privacy.html', '<link rel="stylesheet" href="/heavy.css">');
  const port = await freePort();
  const server = await startNginx({ port, root: site });
  try {
    for (const path of ['/', '/privacy']) {
      await measure(`http://127.0.0.1:${port}${path}`, { dir: join(work, '.lighthouseci') });
    }
    // Lighthouse CI reads the reports from .lighthouseci/ in its working directory; its verdict is in its output.
    const verdict = judge({ cwd: work, runs: 2, outDir: 'reports' });
    output = verdict.output;
    judged = verdict.reports.length;
  } finally {
    await server.stop();
  }
  // One round: each break is far over its budget.
  const floorPort = await freePort();
  verdicts = await runFloorGate({
    root: site,
    port: floorPort,
    paths: ['/', '/privacy'],
    rounds: 1,
    dir: join(work, 'floor'),
  });
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The audits `lhci assert` failed for a page, with the budget each missed (its output, without colours). */
function failures(path: string): string[] {
  const plain = stripVTControlCharacters(output);
  // One section per page: "2 result(s) for http://127.0.0.1:<port>/privacy :", then its failed assertions.
  const sections = [...plain.matchAll(/\d+ result\(s\) for (\S+) :([\s\S]*?)(?=\d+ result\(s\) for |$)/g)];
  const section = sections.find(([, url]) => new URL(url!).pathname === path)?.[2] ?? '';
  return [...section.matchAll(/✘\s+(\S+) failure for \w+ assertion[\s\S]*?expected: ([<>]=\S+)/g)].map(
    ([, audit, budget]) => `${audit} ${budget}`,
  );
}

it('a script busy after load fails the performance score and total blocking time of `/`', () => {
  expect(judged, 'lhci read every report').toBe(2);
  expect(failures('/')).toEqual(expect.arrayContaining(['categories.performance >=0.95', 'total-blocking-time <=200']));
});

/** The floor budgets a page missed, without their figures. */
const floorFailures = (path: string) =>
  verdicts.find((verdict) => verdict.path === path)!.failures.map((failure) => failure.replace(/\d+(\.\d+)?/, 'N'));

it('the hero still fetched after the HTML puts the largest paint of `/` after its first', () => {
  expect(floorFailures('/')).toContain('LCP N ms after FCP (budget 50 ms)');
});

it("a render-blocking stylesheet puts the largest paint of `/privacy` over 1.1 times its floor's", () => {
  expect(floorFailures('/privacy')).toContain("LCP Nx the floor's (budget 1.1x)");
});
