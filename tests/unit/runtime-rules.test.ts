/**
 * Where code runs (eslint.config.js): the config's values once reached the monitoring bundle through a shared module
 * (zod, +72 KB), so shared and browser code may import only the config's types, and may not touch Node's globals.
 */
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';

const eslint = new ESLint();
const messagesOf = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0]!.messages.map((message) => message.ruleId);

it('refuses a config value or process in shared and browser code, and allows the config type', async () => {
  const value = "import { loadConfig } from '../config/index.ts';\nexport const x = loadConfig;\n";
  const served = "import config from 'virtual:site/config';\nexport const x = config.productName;\n";
  const type = "import type { SiteConfig } from '../config/index.ts';\nexport type X = SiteConfig;\n";
  expect(await messagesOf(value, 'src/lib/example-shared.ts')).toContain('no-restricted-imports');
  expect(await messagesOf(served, 'src/components/Example.tsx')).toContain('no-restricted-imports');
  expect(await messagesOf(type, 'src/lib/example-shared.ts')).toEqual([]);
  expect(await messagesOf('export const x = process.env.X;\n', 'src/lib/example-shared.ts')).toContain(
    'no-restricted-globals',
  );
  expect(await messagesOf('export const x = () => process.env.X;\n', 'src/components/Example.tsx')).toContain(
    'no-restricted-globals',
  );
  expect(await messagesOf('export const x = process.env.X;\n', 'scripts/example.ts')).toEqual([]);
  // ESLint loads every plugin and the TypeScript parser on its first file: about 3 s here, over vitest's 5 s default
  // when the other unit files run beside it on two cores.
}, 30_000);

it('lets the site import the legal record only through its entry, and the record reach the site only through its host modules', async () => {
  const entry = "import { legal } from 'legal-record';\nexport const x = legal;\n";
  const deep = "import { legal } from 'legal-record/src/integration.ts';\nexport const x = legal;\n";
  const relative = "import { legal } from '../../packages/legal/src/integration.ts';\nexport const x = legal;\n";
  expect(await messagesOf(entry, 'src/lib/example.node.ts')).toEqual([]);
  expect(await messagesOf(deep, 'src/lib/example.node.ts')).toContain('no-restricted-imports');
  expect(await messagesOf(relative, 'src/lib/example.node.ts')).toContain('no-restricted-imports');
  expect(await messagesOf(relative, 'tests/unit/example.test.ts')).toContain('no-restricted-imports');
  const site = "import { localePath } from '../../../../src/lib/i18n.ts';\nexport const x = localePath;\n";
  expect(await messagesOf(site, 'packages/legal/src/record/example.ts')).toContain('no-restricted-imports');
  expect(await messagesOf(site.replace('../../../../', '../../../'), 'packages/legal/src/host.ts')).toEqual([]);
  const own = "import { readText } from '../files.node.ts';\nexport const x = readText;\n";
  expect(await messagesOf(own, 'packages/legal/src/record/example.node.ts')).toEqual([]);
}, 30_000);
