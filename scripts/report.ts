/**
 * `npm run report` (`-- --skip-build` to reuse dist/): the quality gates on the built site, each a maintained tool,
 * then one table. size-limit holds the byte budgets (.size-limit.ts), html-validate the markup (.htmlvalidate.json)
 * and the W3C Nu HTML Checker the standard (scripts/nu-validate.ts);
 * with dist/ served by the production nginx configuration, Lighthouse (scripts/lighthouse.ts, on the page's CPU
 * time) measures every page of the sitemap and the invite page, on a phone and on a desktop, and Lighthouse CI judges
 * them (lighthouserc.json); linkinator crawls every link; last, npm audit. The whole visit on a
 * phone and axe are end-to-end tests (tests/e2e/visit-gate.e2e.ts, ...).
 *
 * `-- --quick` is what `npm test` runs, after it has run the byte and markup gates itself: Lighthouse once, on `/` on a
 * phone, with every assertion, then the links and the audit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LinkChecker } from 'linkinator';
import { configOrExit } from '../src/config/index.ts';
import { exampleInviteCode } from '../src/lib/invite/invite.ts';
import { localePath } from '../src/lib/i18n.ts';
import { routes } from '../src/lib/routes.ts';
import { floorRatios, runFloorGate, verdictLine } from './floorGate.ts';
import { judge, measure } from './lighthouse.ts';
import { startNginx } from './nginx.ts';

const config = configOrExit();

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'floor-rounds': { type: 'string' },
  },
});
const { quick } = values;
// Rounds of each page beside its floor (scripts/floorGate.ts), some 11 s each side: enough for quiet moments on both,
// and 13 more for a page over its ratio on them, 18 in all: only a borderline page pays for the doubt.
const floorRounds = Number(values['floor-rounds'] ?? 5);
if (!values['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

const table: { gate: string; result: string }[] = [];
/** Runs a tool with its own output; its exit status is the gate's result. */
function gate(name: string, command: string, args: string[]) {
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  table.push({ gate: name, result: status === 0 ? 'passed' : 'FAILED' });
}

if (!quick) {
  gate('bytes (size-limit)', 'size-limit', []);
  gate('HTML (html-validate)', 'html-validate', ['dist']);
  gate('HTML (Nu HTML Checker)', 'node', ['scripts/nu-validate.ts']);
}

const port = Number(process.env.REPORT_PORT ?? 4323);
const url = `http://127.0.0.1:${port}`;
const sitemap = readFileSync('dist/sitemap-0.xml', 'utf8');
const sitemapPages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => url + new URL(loc!).pathname);
const pages = quick ? [`${url}/`] : sitemapPages;
// The invite page is kept out of search engines on purpose: it is measured without the crawlability audit.
const invite = !quick && config.invitePath && `${url}${config.invitePath}/${exampleInviteCode(config)}`;
const targets = [
  ...pages.map((page) => ({ page, skipAudits: undefined })),
  ...(invite ? [{ page: invite, skipAudits: ['is-crawlable'] }] : []),
];
// The floor gate: one page of each kind, the landing page in every language (scripts/floorGate.ts).
const sitemapPaths = sitemapPages.map((page) => page.replace(url, ''));
const homes = config.languages.map((locale) => localePath(locale, routes.home));
const landings = quick ? [routes.home] : sitemapPaths.filter((path) => homes.includes(path));
const invitePage = !quick && invite ? [invite.replace(url, '')] : [];
const floorPaths = [
  ...landings,
  ...(quick ? [] : ['/privacy', routes.support].filter((path) => sitemapPaths.includes(path))),
  ...invitePage,
];
const floorRatioOf = Object.fromEntries([
  ...landings.map((path) => [path, floorRatios.landing]),
  ...invitePage.map((path) => [path, floorRatios.invite]),
]);
// Three runs of a page with scripts (the landing pages, the invite page), whose main thread varies from run to run, and
// one of a text page, which runs none: the one figure of it that moves, TBT, reads at most some 120 ms of its 200.
const scripted = new Set([...landings, ...invitePage]);
const runsOf = (page: string) => (!quick && scripted.has(page.replace(url, '')) ? 3 : 1);
/**
 * Runs jobs two at a time: a Lighthouse run leaves a core idle while its page loads and falls quiet, and is judged on
 * its page's CPU time (scripts/lighthouse.ts), which a second run beside it barely moves.
 */
async function twoAtATime(jobs: (() => Promise<void>)[]) {
  const queue = [...jobs];
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length) await queue.shift()!();
    }),
  );
}
const server = await startNginx({ port });
try {
  for (const device of quick ? ['mobile'] : ['mobile', 'desktop']) {
    const desktop = device === 'desktop';
    rmSync('.lighthouseci', { recursive: true, force: true });
    const runs = targets.flatMap(({ page, skipAudits }) =>
      Array.from({ length: runsOf(page) }, (_, run) => async () => {
        console.log(`Lighthouse, ${device}, run ${run + 1} of ${runsOf(page)}: ${page}`);
        await measure(page, { dir: '.lighthouseci', desktop, skipAudits });
      }),
    );
    await twoAtATime(runs);
    const { passed, output, reports } = judge({ cwd: '.', runs: runs.length, outDir: `reports/lighthouse/${device}` });
    console.log(output);
    table.push({ gate: `Lighthouse ${device} (lighthouserc.json)`, result: passed ? 'passed' : 'FAILED' });
    const figure = (run: { jsonPath: string }, audit: string) =>
      Math.round(JSON.parse(readFileSync(run.jsonPath, 'utf8')).audits[audit].numericValue as number);
    // The figures as lighthouserc.json judges them: scores and TBT on the median run, LCP on the best.
    for (const run of reports.filter((run) => run.isRepresentativeRun)) {
      const scores = Object.entries(run.summary).map(([category, score]) => `${category} ${Math.round(score * 100)}`);
      const lcp = Math.min(
        ...reports.filter((other) => other.url === run.url).map((other) => figure(other, 'largest-contentful-paint')),
      );
      const figures = `LCP ${lcp} ms, TBT ${figure(run, 'total-blocking-time')} ms`;
      table.push({ gate: `  ${device} ${run.url.replace(url, '')}`, result: `${scores.join(', ')}; ${figures}` });
    }
  }
  // Its own server, on a copy of the build with the floors beside the pages.
  const verdicts = await runFloorGate({
    port: port + 1,
    paths: floorPaths,
    rounds: floorRounds,
    extraRounds: 13,
    ratios: floorRatioOf,
    dir: 'reports/floor',
  });
  for (const verdict of verdicts) table.push({ gate: `floor ${verdict.path}`, result: verdictLine(verdict) });
  // No network here: other sites' links are not fetched, only required to be https.
  const insecure: string[] = [];
  // One crawl per start: linkinator given several paths at once follows none of their links.
  const links = [];
  for (const start of [`${url}/`, ...(invite ? [invite] : [])]) {
    const result = await new LinkChecker().check({
      path: start,
      recurse: true,
      checkFragments: true,
      fragmentsToSkip: ['^/'], // `/#/terms` is a route (src/lib/routes.ts), not an anchor
      urlRewriteExpressions: [{ pattern: new RegExp(`^${new URL(config.siteUrl).origin}`), replacement: url }],
      linksToSkip: async (link) => !link.startsWith(url) && (link.startsWith('http:') && insecure.push(link), true),
    });
    links.push(...result.links);
  }
  const broken = links.filter((link) => link.state === 'BROKEN').map((link) => `${link.url} on ${link.parent}`);
  for (const line of [...broken, ...insecure.map((link) => `${link}: not https`)]) console.error(`links: ${line}`);
  const linkFailures = broken.length + insecure.length;
  table.push({
    gate: `links (linkinator, ${links.length})`,
    result: linkFailures ? `FAILED: ${linkFailures}` : 'passed',
  });
} finally {
  await server.stop();
}
// Some registries refuse the advisory endpoint (405): the row says so instead of passing.
const audit = JSON.parse(spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' }).stdout || '{}') as {
  metadata?: { vulnerabilities: Record<string, number> };
  message?: string;
};
const serious = audit.metadata && audit.metadata.vulnerabilities.high! + audit.metadata.vulnerabilities.critical!;
const auditResult =
  serious === undefined ? `NOT RUN: ${audit.message}` : serious ? `FAILED: ${serious} high or critical` : 'passed';
table.push({ gate: 'npm audit (production dependencies)', result: auditResult });

console.log(
  `\nThe gates${quick ? ' of npm test (the full run: npm run report)' : ''} (reports in reports/lighthouse/):`,
);
console.table(table);
if (table.some((row) => row.result.startsWith('FAILED'))) process.exitCode = 1;
