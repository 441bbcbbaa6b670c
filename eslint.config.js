import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/**
 * Where code runs, by file name (CONTRIBUTING.md, "The site in twelve ideas", idea 6): `*.node.ts` only in Node at build time,
 * `*.client.ts` only in the browser, anything else under src/ in both (it is bundled for the browser and also run at
 * build).
 */
const nodeOnly = {
  group: ['node:*', '**/*.node.ts', 'sharp', 'satori', 'png-to-ico'],
  message:
    'Node-only code: import it from a *.node.ts module, an integration, a page endpoint or an .astro file, never from code that reaches the browser.',
};
const browserOnly = {
  group: ['**/*.client.ts'],
  message: 'Browser-only code: import it from components or other *.client.ts modules, never from build-time code.',
};
const configValues = {
  group: ['**/config/*.ts', '!**/config/dsn.ts', 'virtual:site/config'],
  allowTypeImports: true,
  message:
    'The config is validated at build (zod): pass its values in as props or arguments; import only its types here.',
};
// The legal record is a package with one entry (packages/legal/index.ts) and its stylesheet; its folders are its own.
const legalInternals = {
  group: ['legal-record/*', '!legal-record/legal.css', '**/packages/legal/**'],
  message: "The legal record's internals: import what it offers from 'legal-record' (packages/legal/index.ts).",
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [...patterns, legalInternals] }] });
// TypeScript knows both sides' globals, so ESLint names the ones a side must not touch.
const nodeGlobals = ['process', 'Buffer', '__dirname'];
const browserGlobals = ['window', 'document', 'localStorage', 'navigator'];
const browserFiles = ['src/**/*.tsx', 'src/**/*.client.ts'];
const buildFiles = [
  'src/**/*.node.ts',
  'src/config/**/*.ts',
  'src/integrations/**/*.ts',
  'src/pages/**/*.ts',
  'src/content.config.ts',
  'scripts/**/*.{ts,tsx,mjs}',
  '*.config.{ts,js}',
  '.size-limit.ts',
];
export const runtimeRules = [
  // Inside the package, only its host modules reach the site: what it takes from it is listed there.
  {
    files: ['packages/legal/index.ts', 'packages/legal/src/**/*.{ts,astro}'],
    ignores: ['packages/legal/src/host.ts', 'packages/legal/src/host.node.ts', 'packages/legal/src/components/host.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}|^virtual:site/',
              message:
                'The site, seen from the legal record: take it through src/host.ts (or host.node.ts, components/host.ts).',
            },
          ],
        },
      ],
    },
  },
  // Everywhere outside the package; each rule below adds its own patterns to this one.
  { files: ['**/*.{ts,tsx,js,mjs,astro}'], ignores: ['packages/legal/**'], rules: restrict() },
  // Browser code: components and *.client.ts modules.
  {
    files: browserFiles,
    rules: { ...restrict(nodeOnly, configValues), 'no-restricted-globals': ['error', ...nodeGlobals] },
  },
  // Shared modules run in both places, so they may use neither side's code.
  {
    files: ['src/lib/**/*.ts', 'src/components/**/*.ts'],
    ignores: ['src/**/*.node.ts', 'src/**/*.client.ts', '**/*.astro/**'],
    rules: {
      ...restrict(nodeOnly, browserOnly, configValues),
      'no-restricted-globals': ['error', ...nodeGlobals, ...browserGlobals],
    },
  },
  // Build-time code: Node modules, build hooks, page endpoints, scripts, config files. An .astro file's <script> is
  // browser code (linted as a virtual file below the .astro path), so it is left out.
  { files: buildFiles, ignores: ['src/**/*.client.ts', '**/*.astro/**'], rules: restrict(browserOnly) },
];

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'reports/', 'test-results/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    settings: { react: { version: 'detect' } },
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  ...runtimeRules,
  // An owner who replaced every example value keeps the import, for the value they mark as one next.
  {
    files: ['site.config.ts'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^example$' }] },
  },
);
