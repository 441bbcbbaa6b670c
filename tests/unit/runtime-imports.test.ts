import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

// Loading the config and its plugins is slow: do it once, outside the tests' timeout.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/lib/warm-up.ts' }), 60_000);

/** The no-restricted-imports messages ESLint gives `code` as if it were the file at `filePath`. */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('where code runs, by file name', () => {
  it.each([
    ['src/lib/shared.ts', "import { readFileSync } from 'node:fs';", 'Node-only code'],
    ['src/lib/shared.ts', "import { iconPng } from './icons.node.ts';", 'Node-only code'],
    ['src/components/Widget.tsx', "import { release } from '../lib/monitoring/release.node.ts';", 'Node-only code'],
    ['src/lib/browser.client.ts', "import sharp from 'sharp';", 'Node-only code'],
    ['src/lib/icons.node.ts', "import { webglSupport } from './webgl.client.ts';", 'Browser-only code'],
    ['src/lib/shared.ts', "import { webglSupport } from './webgl.client.ts';", 'Browser-only code'],
    ['src/integrations/hook.ts', "import { afterLoadWhenIdle } from '../lib/idle.client.ts';", 'Browser-only code'],
    ['scripts/tool.ts', "import { afterLoadWhenIdle } from '../src/lib/idle.client.ts';", 'Browser-only code'],
  ])('%s may not run %s', async (filePath, code, expected) => {
    const messages = await restrictedImports(filePath, `${code}\nexport {};\n`);
    expect(messages.join('\n')).toContain(expected);
  });

  it.each([
    ['src/lib/icons.node.ts', "import { readFileSync } from 'node:fs';"],
    ['src/integrations/hook.ts', "import { readFileSync } from 'node:fs';"],
    ['src/pages/robots.txt.ts', "import { iconPng } from '../lib/icons.node.ts';"],
    ['src/lib/webgl.client.ts', "import { modelPath } from './media.ts';"],
    ['src/components/Widget.tsx', "import { webglSupport } from '../lib/webgl.client.ts';"],
  ])('%s may run %s', async (filePath, code) => {
    expect(await restrictedImports(filePath, `${code}\nexport {};\n`)).toEqual([]);
  });
});
