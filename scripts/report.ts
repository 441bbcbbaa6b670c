/**
 * `npm run report`: the quality gates in one table. Builds once (unless --skip-build), serves the production build
 * on 127.0.0.1 with the production nginx configuration (what is measured is what is deployed), then runs Lighthouse,
 * the byte budgets, the whole visit, axe, HTML validation, the link check and npm audit; prints every gate's
 * figures, writes reports/report.json, and exits non-zero with one line per failure.
 *
 *   npm run report                      everything
 *   npm run report -- --skip-build      reuse dist/ (npm test builds before it)
 *   npm run report -- --only=bytes,html only some gates; LIGHTHOUSE_RUNS=1 for a quick look
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { siteConfig } from '../src/config/index.ts';
import { exampleInviteCode } from '../src/lib/invite/invite.ts';
import { auditGate } from './report/audit.ts';
import { axeGate } from './report/axe.ts';
import { bytesGate } from './report/bytes.ts';
import { htmlGate } from './report/html.ts';
import { lighthouseGate } from './report/lighthouse.ts';
import { linksGate } from './report/links.ts';
import { visitGate } from './report/visit.ts';
import { startNginx, stopNginx } from './nginx.ts';
import type { GateResult } from './report/types.ts';

const config = siteConfig();

const gates = ['lighthouse', 'bytes', 'visit', 'axe', 'html', 'links', 'audit'] as const;
type Gate = (typeof gates)[number];

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    dist: { type: 'string', default: 'dist' },
  },
});
const only = (values.only?.split(',') ?? [...gates]) as Gate[];
const unknown = only.filter((gate) => !gates.includes(gate));
if (unknown.length) throw new Error(`unknown gate(s) ${unknown.join(', ')}; expected some of ${gates.join(', ')}`);
if (!values['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

// The pages: every URL of the built sitemap, as paths.
const dist = values.dist;
const sitemaps = (await readdir(dist)).filter((file) => /^sitemap-\d+\.xml$/.test(file));
const xml = (await Promise.all(sitemaps.map((file) => readFile(join(dist, file), 'utf8')))).join('');
const sitemapPaths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
if (sitemapPaths.length === 0) throw new Error(`no pages found in ${dist}/sitemap-*.xml: build the site first`);
// The invite page is kept out of the sitemap (noindex) but held to the same gates, visited at an example code.
const invite = config.invitePath
  ? { path: `${config.invitePath}/${exampleInviteCode(config)}`, file: `${config.invitePath.slice(1)}.html` }
  : undefined;
const paths = [...sitemapPaths, ...(invite ? [invite.path] : [])];
const noindex = invite ? [invite.path] : [];

const port = Number(process.env.REPORT_PORT ?? 4323);
const url = `http://127.0.0.1:${port}`;
const run: Record<Gate, () => Promise<GateResult> | GateResult> = {
  lighthouse: () => lighthouseGate(url, paths, Number(process.env.LIGHTHOUSE_RUNS ?? 3), undefined, noindex),
  bytes: () => bytesGate(dist, paths, invite),
  visit: () => visitGate(url, Number(process.env.VISIT_RUNS ?? 3)),
  axe: () => axeGate(url, paths),
  html: () => htmlGate(dist),
  links: () => linksGate(url, config.siteUrl, noindex),
  audit: () => auditGate(),
};
await startNginx({ port, root: dist });
const results: GateResult[] = [];
try {
  for (const gate of only) {
    const result = await run[gate]();
    results.push(result);
    console.log(`\n${result.name}${result.failures.length ? `: ${result.failures.length} FAILED` : ': ok'}`);
    if (result.rows.length) console.table(result.rows);
  }
} finally {
  await stopNginx(port);
}
await mkdir('reports', { recursive: true });
await writeFile('reports/report.json', JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
console.log('\nReport written to reports/report.json; Lighthouse HTML reports in reports/lighthouse/.');
const failures = results.flatMap((result) => result.failures);
if (failures.length) {
  console.error(`\n${failures.length} gate failure(s):`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exitCode = 1;
} else {
  console.log('\nAll gates passed.');
}
