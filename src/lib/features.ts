/**
 * The app's features as switches (site.config.ts `features`, validated in src/config/features.ts), and the words that
 * hold only while one is on, in legal Markdown and support answers:
 *
 *     {{#if places}}
 *     Searches go to {{placesProvider}} to find places.
 *     {{/if}}
 *
 * A block on lines of its own, or inline, within a sentence (which may run over lines). Kept without its markers while
 * the feature is on, dropped while it is off; the text is then checked as it will be read, so a section dropped with a
 * feature is one the legal check no longer requires. A block may hold, after `{{else}}` (on a line of its own in a
 * block on lines of its own), the words that stand instead while the feature is off:
 * `at least {{#if teens}}13{{else}}18{{/if}}`. A block that is not closed, is nested, has two `{{else}}` or names no
 * feature stops the build, as does an `{{else}}` outside a block or a value of a switched-off feature used outside a
 * block (it would print empty).
 */

/** The features a site can switch (site.config.ts `features`; src/config/features.ts validates them). */
export const featureNames = ['places', 'ai', 'teens', 'dietary', 'posts'] as const;
export type Feature = (typeof featureNames)[number];
export type Features = Record<Feature, boolean>;

/** The config values only a feature uses: required while it is on, and left empty while it is off. */
export const featureValues = {
  places: ['placesProvider', 'placesProviderTermsUrl', 'placesProviderPrivacyUrl'],
  ai: ['aiProvider'],
  teens: ['parentalConsent'],
  dietary: [],
  posts: [],
} as const satisfies Record<Feature, readonly string[]>;

export class FeatureBlockError extends Error {
  override name = 'FeatureBlockError';
  override stack = '';
}

const ownLines = /^\{\{#if ([\w-]+)\}\}\n([^]*?)^\{\{\/if\}\}\n/gm;
const inline = /\{\{#if ([\w-]+)\}\}([^]*?)\{\{\/if\}\}/g;
const ownLinesElse = /^\{\{else\}\}\n/m;
const inlineElse = '{{else}}';

/** `text` as read while `features` hold; `where` names its file in an error. */
export function withFeatures(text: string, features: Features, where: string): string {
  const line = (index: number) => text.slice(0, index).split('\n').length;
  const keep = (name: string, at: number) => {
    if (!(featureNames as readonly string[]).includes(name))
      throw new FeatureBlockError(
        `${where}, line ${line(at)}: {{#if ${name}}} names no feature; expected one of ${featureNames.join(', ')} (src/config/features.ts)`,
      );
    return features[name as Feature];
  };
  // The words while on, and those after `{{else}}` while off.
  const branch = (separator: RegExp | string) => (_: string, name: string, words: string, at: number) => {
    const [ifOn, ifOff = '', ...more] = words.split(separator);
    if (more.length)
      throw new FeatureBlockError(
        `${where}, line ${line(at)}: {{#if ${name}}} has more than one {{else}}; expected one`,
      );
    return keep(name, at) ? ifOn! : ifOff;
  };
  const resolved = text.replace(ownLines, branch(ownLinesElse)).replace(inline, branch(inlineElse));
  const left = /\{\{(?:[#/]if\b[^}]*|else)\}\}/.exec(resolved);
  if (left)
    throw new FeatureBlockError(
      `${where}: ${left[0]} is not part of a closed block; expected {{#if <feature>}} ... {{/if}} (or {{#if <feature>}} ... {{else}} ... {{/if}}), each block closed, none inside another`,
    );
  for (const feature of featureNames.filter((name) => !features[name]))
    for (const value of featureValues[feature])
      if (resolved.includes(`{{${value}}}`))
        throw new FeatureBlockError(
          `${where}: {{${value}}} is outside {{#if ${feature}}} ... {{/if}}, but features.${feature} is false in site.config.ts; expected it inside such a block`,
        );
  return resolved;
}
