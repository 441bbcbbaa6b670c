/**
 * A switch follows the calendar (docs/legal-pages.md#features), in a lean owner's copy with a record of its own.
 * The app launched without AI. Later the owner switches `ai` on and approves the changed pages to take effect after
 * the notice period. Until that day the production build publishes what the version in effect says: the
 * privacy policy in effect announces the change, and no support answer, page or store label speaks of the AI.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, today, splitFrontMatter } from 'legal-record';
import { leanOwnerCopy, type LeanOwnerCopy } from '../support/leanOwner.ts';
import { template } from '../support/ownerContent.ts';

let project: LeanOwnerCopy;
const node = (args: string[]) =>
  spawnSync('node_modules/.bin/node', args, { cwd: project.dir, encoding: 'utf8', env: { ...process.env, CI: '1' } });

const aiQuestion = () =>
  (splitFrontMatter(project.read('src/content/i18n/en/support/ai.md'), 'ai.md').yaml.match(/^question: (.*)$/m) ??
    [])[1]!;

beforeAll(() => {
  if (!template) return;
  // An owner whose app launched without AI (nor any other optional feature), every page approved.
  project = leanOwnerCopy();
  // Later, the AI and its provider, and the pages that say so approved to take effect after the notice.
  project.edit('site.config.ts', /(features: \{[^}]*\bai: )false/, '$1true');
  project.edit('site.config.ts', /aiProvider: ''/, "aiProvider: 'Mistral AI'");
  const pages = readdirSync(join(project.dir, 'src/content/legal')).filter((name) => name.endsWith('.md'));
  for (const kind of pages.map((name) => name.slice(0, -3))) {
    const args = [
      'packages/legal/src/commands/approve.ts',
      kind,
      '--by',
      'Dana Owner',
      '--note',
      'The app now asks an AI',
      '--significant',
    ];
    const run = node([...args, '--effective', addDays(today(), 40)]);
    const said = run.stdout + run.stderr;
    // A page whose words did not change, or that is not published, has nothing to approve.
    if (run.status !== 0 && !/equal its latest approved version|is not published/.test(said))
      throw new Error(`legal:approve ${kind} failed:\n${said}`);
  }
}, 600_000);
afterAll(() => project?.remove());

// The lean owner is made from the template's own config (its example values), which an owner's copy no longer has.
it.runIf(template)(
  'publishes what the version in effect says until the day the switch takes effect',
  async () => {
    const built = await project.build();
    expect(built.code, built.output).toBe(0);
    const privacy = project.read('dist/privacy.html');
    expect(privacy).toContain('data-earlier-words');
    expect(privacy).not.toContain('id="ai-provider"');
    for (const page of ['dist/support.html', 'dist/index.html', 'dist/terms-of-use.html', 'dist/404.html'])
      expect(project.read(page), page).not.toContain('Mistral AI');
    expect(project.read('dist/support.html')).not.toContain(aiQuestion());

    const labels = node(['packages/legal/src/commands/store-labels.ts', '--out', 'labels']);
    expect(labels.status, labels.stderr).toBe(0);
    expect(labels.stdout).toContain(`features.ai stays off until ${addDays(today(), 40)}`);
  },
  300_000,
);
