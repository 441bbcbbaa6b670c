/**
 * `npm run check:release`: lists every config field still at its shipped example value (example.com addresses,
 * the sample App Store id, ...) and exits non-zero while any is left, so a launch never ships placeholders.
 */
import { ConfigError, envName, fieldsAtExampleValues, loadConfig } from '../src/lib/config.ts';

try {
  const config = loadConfig();
  const left = fieldsAtExampleValues(config);
  if (left.length === 0) {
    console.log('Release check passed: no config field is at its example value.');
  } else {
    console.error(`Release check failed: ${left.length} config field(s) still at their example value:`);
    for (const { field, value } of left) {
      const shown = value === '' ? '(empty)' : JSON.stringify(value);
      console.error(`  - ${field} = ${shown}  (set it in site.config.ts or ${envName(field)})`);
    }
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
