/**
 * Writes the host files (nginx includes, public/_headers, public/_redirects, vercel.json) from their one source,
 * src/lib/securityHeaders.node.ts. They do not depend on the build, so they are committed: run this after changing
 * that source or the invite address in site.config.ts, and commit what it wrote (tests/unit/headers.test.ts fails
 * until they agree).
 */
import { writeFileSync } from 'node:fs';
import { hostFiles } from '../src/lib/securityHeaders.node.ts';

for (const [path, text] of Object.entries(hostFiles())) {
  writeFileSync(new URL(`../${path}`, import.meta.url), text);
  console.log(`wrote ${path}`);
}
