/** What each quality gate returns: rows for the printed table and JSON report, one line per failure. */
export interface GateResult {
  name: string;
  rows: Record<string, string | number>[];
  failures: string[];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
