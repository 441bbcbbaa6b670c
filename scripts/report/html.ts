/** HTML validity of every built page with html-validate's standard and accessibility rules: zero errors. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import type { GateResult } from './types.ts';

export async function htmlGate(distDir: string): Promise<GateResult> {
  const validator = new HtmlValidate({
    root: true,
    extends: ['html-validate:standard', 'html-validate:a11y'],
    rules: {
      // The hero video autoplays on purpose: muted, never under reduced motion, and with a visible pause control.
      'no-autoplay': ['error', { exclude: ['video'] }],
    },
  });
  const pages = (await readdir(distDir, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const rows: GateResult['rows'] = [];
  const failures: string[] = [];
  for (const page of pages) {
    const report = await validator.validateFile(join(distDir, page));
    const messages = report.results.flatMap((result) => result.messages);
    rows.push({ file: page, errors: report.errorCount, warnings: report.warningCount });
    for (const message of messages.filter((m) => m.severity === 2)) {
      failures.push(`html ${page}:${message.line}:${message.column}: ${message.message} (${message.ruleId})`);
    }
  }
  return { name: 'HTML validity (html-validate)', rows, failures };
}
