/**
 * The `words` and `support` collections (src/content.config.ts): each language's words and support questions as
 * words.node.ts reads them, filled and checked, computed anew at every load so that no cached entry outlives an edit
 * of the config, the words or the legal pages they quote. In `astro dev` a saved file reloads them.
 */
import type { Loader } from 'astro/loaders';
import siteConfig from 'virtual:site/config';
import { z } from 'zod';
import { questionSchema, wordsSchema } from './schema.ts';
import { i18nDir } from '../../config/index.ts';
import { readQuestions, readWords } from './words.node.ts';
import { configInEffect } from 'legal-record';

function contentLoader<T extends object>(
  name: string,
  schema: z.ZodType<T>,
  entries: () => Promise<{ id: string; data: T }[]>,
): Loader {
  return {
    name,
    schema,
    async load({ store, logger, watcher }) {
      const load = async () => {
        const loaded = await entries();
        store.clear();
        for (const { id, data } of loaded) store.set({ id, data: data as Record<string, unknown> });
      };
      await load();
      watcher?.on('change', (path) => {
        if ([i18nDir, 'src/content/legal'].some((watched) => path.includes(watched)))
          load().catch((error: Error) => logger.error(error.message));
      });
    },
  };
}

/** Each language's words, by its code (`en`), with the features in effect today (featuresInEffect.node.ts). */
export const wordsLoader = () =>
  contentLoader('words-loader', wordsSchema, async () => {
    const config = configInEffect(siteConfig);
    return config.languages.map((locale) => ({ id: locale, data: readWords(config, locale) }));
  });

/** Each language's support questions, by `<locale>/<file name>` (`en/no-code`), with the features in effect today. */
export const supportLoader = () =>
  contentLoader('support-loader', questionSchema, async () => {
    const config = configInEffect(siteConfig);
    return (await Promise.all(config.languages.map((locale) => readQuestions(config, locale))))
      .flat()
      .map((data) => ({ id: data.id, data }));
  });
