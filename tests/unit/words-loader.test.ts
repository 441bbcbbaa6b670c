/**
 * The words collections serve the config's published languages, read through `virtual:site/config` as the build
 * serves it: here mocked, so a language turned off is a config value, not a build of a copy.
 */
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';

/** The config the loaders read, one object a test changes. */
const served = vi.hoisted(() => ({}) as { languages: string[] });
vi.mock('virtual:site/config', () => ({ default: served }));
Object.assign(served, loadConfig());
const { supportLoader, wordsLoader } = await import('../../src/lib/words/loader.node.ts');

/** The ids a loader stores, run as the content layer runs it. */
async function idsOf(loader: ReturnType<typeof wordsLoader>) {
  const ids: string[] = [];
  const store = { clear: () => ids.splice(0), set: ({ id }: { id: string }) => ids.push(id) };
  await loader.load({ store, logger: { error: () => {} } } as never);
  return ids;
}

describe('the words and support collections', () => {
  it('hold only the published languages: one words entry each, and each one its questions', async () => {
    for (const languages of [['en'], loadConfig().languages]) {
      served.languages = languages;
      expect(await idsOf(wordsLoader())).toEqual(languages);
      const questions = await idsOf(supportLoader());
      expect([...new Set(questions.map((id) => id.split('/')[0]))]).toEqual(languages);
    }
  });
});
