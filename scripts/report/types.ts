/**
 * What each quality gate returns: rows for the printed table and JSON report, one line per failure (the report
 * fails), and one line per warning (printed, not failing: a budget the site is known to miss, with why).
 */
export interface GateResult {
  name: string;
  rows: Record<string, string | number>[];
  failures: string[];
  warnings?: string[];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
