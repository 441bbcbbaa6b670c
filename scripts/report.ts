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
import { config } from '../src/lib/config.ts';
import { auditGate } from './report/audit.ts';
import { axeGate } from './report/axe.ts';
import { bytesGate } from './report/bytes.ts';
import { htmlGate } from './report/html.ts';
import { lighthouseGate } from './report/lighthouse.ts';
import { linksGate } from './report/links.ts';
import { visitGate } from './report/visit.ts';
import { startNginx, stopNginx } from './nginx.mjs';
import type { GateResult } from './report/types.ts';

const gates = ['lighthouse', 'bytes', 'visit', 'axe', 'html', 'links', 'audit'] as const;
type Gate = (typeof gates)[number];

/** The pages to check: every URL of the built sitemap, as paths. */
export async function sitemapPaths(distDir: string): Promise<string[]> {
  const files = (await readdir(distDir)).filter((file) => /^sitemap-\d+\.xml$/.test(file));
  const xml = (await Promise.all(files.map((file) => readFile(join(distDir, file), 'utf8')))).join('');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
}

export async function runGates(distDir: string, baseUrl: string, only: Gate[]): Promise<GateResult[]> {
  const paths = await sitemapPaths(distDir);
  if (paths.length === 0) throw new Error(`no pages found in ${distDir}/sitemap-*.xml: build the site first`);
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const results: GateResult[] = [];
  const run: Record<Gate, () => Promise<GateResult> | GateResult> = {
    lighthouse: () => lighthouseGate(baseUrl, paths, runs),
    bytes: () => bytesGate(distDir, paths),
    visit: () => visitGate(baseUrl, Number(process.env.VISIT_RUNS ?? 3)),
    axe: () => axeGate(baseUrl, paths),
    html: () => htmlGate(distDir),
    links: () => linksGate(baseUrl, config.siteUrl),
    audit: () => auditGate(),
  };
  for (const gate of only) {
    const result = await run[gate]();
    results.push(result);
    console.log(`\n${result.name}${result.failures.length ? `: ${result.failures.length} FAILED` : ': ok'}`);
    if (result.rows.length) console.table(result.rows);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
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
  const port = Number(process.env.REPORT_PORT ?? 4323);
  await startNginx({ port, root: values.dist });
  try {
    const results = await runGates(values.dist, `http://127.0.0.1:${port}`, only);
    const failures = results.flatMap((result) => result.failures);
    const warnings = results.flatMap((result) => result.warnings ?? []);
    await mkdir('reports', { recursive: true });
    await writeFile('reports/report.json', JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
    console.log('\nReport written to reports/report.json; Lighthouse HTML reports in reports/lighthouse/.');
    if (warnings.length) {
      console.warn(`\n${warnings.length} warning(s), known and not failing:`);
      for (const warning of warnings) console.warn(`  - ${warning}`);
    }
    if (failures.length) {
      console.error(`\n${failures.length} gate failure(s):`);
      for (const failure of failures) console.error(`  - ${failure}`);
      process.exitCode = 1;
    } else {
      console.log('\nAll gates passed.');
    }
  } finally {
    await stopNginx(port);
  }
}
