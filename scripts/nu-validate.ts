/**
 * The W3C Nu HTML Checker on every page of a build: `node scripts/nu-validate.ts [dir]` (dist/ by default), in
 * `npm test` beside html-validate and in `npm run report`. html-validate holds the project's own rules
 * (.htmlvalidate.json); the Nu checker is the W3C's reading of the HTML standard, and it rejected what html-validate
 * let through (`blocking="render"` on a link that is no stylesheet). Errors only: its warnings are advice.
 *
 * The checker is vnu.jar from the vnu-jar package, run on the system's Java (group `html` of
 * scripts/ensure-system-deps.ts): the package's own launcher would download a Java runtime where it finds none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { systemPackagesProblem } from './ensure-system-deps.ts';

/** vnu-jar's main export is the path of its vnu.jar (a String object). */
export const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));

/** Checks every .html file under `dir`; returns the checker's exit status (0: no error) and its report. */
export function nuValidate(dir: string) {
  const root = resolve(dir);
  if (!existsSync(root)) throw new Error(`${root} does not exist: run \`npm run build\` first.`);
  const pages = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
  if (pages.length === 0) throw new Error(`${root} holds no .html file: run \`npm run build\` first.`);
  const problem = systemPackagesProblem('html');
  if (problem) throw new Error(problem);
  const run = spawnSync('java', ['-jar', vnuJar, '--errors-only', '--skip-non-html', root], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status ?? 1, pages: pages.length, report: `${run.stdout}${run.stderr}`.trim() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { status, pages, report } = nuValidate(process.argv[2] ?? 'dist');
    if (report) console.error(report);
    console.log(`Nu HTML Checker: ${pages} pages, ${status === 0 ? 'no error' : 'errors above'}`);
    process.exitCode = status === 0 ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
