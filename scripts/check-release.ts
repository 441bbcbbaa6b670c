/**
 * `npm run check:release`: lists every config field still at its shipped example value (`example(...)` in
 * site.config.ts), and whatever else a launch still needs, and exits non-zero while any is left, so a launch never
 * ships placeholders.
 */
import ownerValues from '../site.config.ts';
import { ConfigError, envName, fieldsAtExampleValues, loadConfig } from '../src/lib/config.ts';

/** What still stands between these values and a launch, one line each; empty when ready. */
export function releaseProblems(
  values: Record<string, unknown> = ownerValues,
  env: Record<string, string | undefined> = process.env,
): string[] {
  const config = loadConfig(env, values);
  const problems = fieldsAtExampleValues(config, values).map(({ field, value }) => {
    const shown = value === '' ? '(empty)' : JSON.stringify(value);
    return `${field} = ${shown}  (set it in site.config.ts or ${envName(field)})`;
  });
  // SMS reviewers ask to see the sign-up screen's consent wording (Twilio 30842): the terms page shows a screenshot
  // of it once one is configured. The build checks that a configured file exists.
  if (!config.smsConsentScreenshot) {
    problems.push(
      `smsConsentScreenshot = (empty)  (a screenshot of the app's sign-up screen showing the SMS consent wording, under public/; set it in site.config.ts or ${envName('smsConsentScreenshot')})`,
    );
  }
  return problems;
}

if (import.meta.main) {
  try {
    const problems = releaseProblems();
    if (problems.length === 0) {
      console.log('Release check passed: no config field is at its example value.');
    } else {
      console.error(`Release check failed: ${problems.length} config field(s) still at their example value:`);
      for (const problem of problems) console.error(`  - ${problem}`);
      process.exitCode = 1;
    }
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
