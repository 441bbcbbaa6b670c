/** axe-core with the WCAG 2.2 AA rule tags, on every page at a phone and a desktop width: zero violations. */
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium.ts';
import type { GateResult } from './types.ts';

/** The axe-core rule tags of WCAG 2.2 level AA: the report and the end-to-end tests check the same rules. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function axeGate(baseUrl: string, paths: string[], widths = [375, 1280]): Promise<GateResult> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const rows: GateResult['rows'] = [];
  const failures: string[] = [];
  try {
    for (const path of paths) {
      for (const width of widths) {
        // Reduced motion: axe sees the page in its final state at once (the hero fades in after two seconds).
        const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
        const page = await context.newPage();
        await page.goto(baseUrl + path, { waitUntil: 'load' });
        const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        rows.push({ page: path, width, violations: results.violations.length, passes: results.passes.length });
        for (const violation of results.violations) {
          const targets = violation.nodes.map((node) => node.target.join(' ')).join(', ');
          failures.push(`axe ${path} at ${width} px: ${violation.id} (${violation.help}) on ${targets}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { name: 'Accessibility (axe-core, WCAG 2.2 AA)', rows, failures };
}
