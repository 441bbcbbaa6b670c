/**
 * `npm audit --omit=dev`: no high or critical advisory in what the site ships. Where the registry refuses the
 * advisory endpoint (some mirrors and proxies answer 405), the gate says so in its row instead of passing silently.
 */
import { spawnSync } from 'node:child_process';
import type { GateResult } from './types.ts';

const name = 'npm audit (production dependencies)';

export function auditGate(): GateResult {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  let report: { metadata?: { vulnerabilities?: Record<string, number> }; message?: string } = {};
  try {
    report = JSON.parse(run.stdout);
  } catch {
    // Not JSON: handled below as "no result".
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const reason = report.message ?? run.stderr.trim().split('\n')[0] ?? 'no output';
    console.warn(`npm audit could not run here: ${reason}`);
    return { name, rows: [{ status: `NOT RUN: ${reason}` }], failures: [] };
  }
  const serious = (counts.high ?? 0) + (counts.critical ?? 0);
  return {
    name,
    rows: [
      { low: counts.low ?? 0, moderate: counts.moderate ?? 0, high: counts.high ?? 0, critical: counts.critical ?? 0 },
    ],
    failures: serious > 0 ? [`audit: ${serious} high or critical advisories in production dependencies`] : [],
  };
}
