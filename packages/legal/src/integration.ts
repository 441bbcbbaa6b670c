/**
 * The legal record's integration: it adds the legal pages' routes (each page at its address, its history and every
 * approved version) and tells the legal loader (record/loader.node.ts) the build's mode through
 * `virtual:legal-record/mode`: a production `astro build` publishes only approved words; `astro dev`, `astro check`
 * and a build with `drafts` build unapproved words as marked drafts kept out of search engines.
 */
import type { AstroIntegration } from 'astro';

export interface LegalOptions {
  /** Build unapproved words as marked drafts (a preview's build). */
  drafts?: boolean;
}

/** What `virtual:legal-record/mode` exports. */
export interface LegalMode {
  /** Unapproved words stop the build. */
  gated: boolean;
  drafts: boolean;
}

const modeId = 'virtual:legal-record/mode';
const routes = {
  '/[...locale]/[legal]': 'current.astro',
  '/[...locale]/legal/[kind]/history': 'history.astro',
  '/[...locale]/legal/[kind]/[version]': 'version.astro',
};

export const legal = ({ drafts = false }: LegalOptions = {}): AstroIntegration => ({
  name: 'legal-record',
  hooks: {
    'astro:config:setup': ({ command, injectRoute, updateConfig }) => {
      for (const [pattern, file] of Object.entries(routes))
        injectRoute({ pattern, entrypoint: new URL(`./routes/${file}`, import.meta.url), prerender: true });
      const mode: LegalMode = { gated: command === 'build' && !drafts, drafts };
      updateConfig({
        vite: {
          plugins: [
            {
              name: 'legal-record-mode',
              resolveId: (id: string) => (id === modeId ? `\0${modeId}` : undefined),
              load: (id: string) => (id === `\0${modeId}` ? `export default ${JSON.stringify(mode)};` : undefined),
            },
          ],
        },
      });
    },
  },
});
