/**
 * The app's features as switches (site.config.ts `features`, validated in src/config/features.ts), and the words that
 * hold only while one is on, in legal Markdown, the data file, the support answers and the site's words:
 *
 *     {{#if places}}
 *     Searches go to {{placesProvider}} to find places.
 *     {{/if}}
 *
 * A block on lines of its own, or inline, within a sentence (which may run over lines). Kept without its markers while
 * the feature is on, dropped while it is off; the text is then checked as it will be read, so a section dropped with a
 * feature is one the legal check no longer requires. A block may hold, after `{{else}}` (on a line of its own in a
 * block on lines of its own), the words that stand instead while the feature is off:
 * `at least {{#if teens}}13{{else}}18{{/if}}`. A block may name two features or more, `{{#if places or dietary}}`, kept
 * while any of them is on, and may hold other blocks, kept while both hold. A block that is not closed, has two
 * `{{else}}` or names no feature stops the build, as does an `{{else}}` outside a block or a value of a switched-off
 * feature used outside a block (it would print empty). What a feature names (featureWords.node.ts) is then checked on
 * every built page.
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

// The innermost blocks (holding no other block), resolved first, so an outer block then holds none.
const names = String.raw`([\w-]+(?: or [\w-]+)*)`;
const body = String.raw`((?:(?!\{\{#if )[^])*?)`;
const ownLines = new RegExp(String.raw`^\{\{#if ${names}\}\}\n${body}^\{\{\/if\}\}\n`, 'gm');
const inline = new RegExp(String.raw`\{\{#if ${names}\}\}${body}\{\{\/if\}\}`, 'g');
const ownLinesElse = /^\{\{else\}\}\n/m;
const inlineElse = '{{else}}';

/**
 * `text` as read while `features` hold; `where` names its file in an error. `values: false` for the data file, whose
 * entries of a feature switched off (`feature:`) go whole, with the values they quote; `lines: true` keeps the line
 * breaks of what it drops, so each word read stays on its line of the file.
 */
export function withFeatures(
  text: string,
  features: Features,
  where: string,
  { values = true, lines = false } = {},
): string {
  // A block's line in `text`: an outer block's words changed as its inner ones were resolved, so its marker finds it.
  const lineOf = (block: string, condition: string) => {
    const at = text.indexOf(block);
    return text.slice(0, at >= 0 ? at : text.indexOf(`{{#if ${condition}}}`)).split('\n').length;
  };
  const keep = (condition: string, block: string) => {
    const names = condition.split(' or ');
    if (!names.every((name) => (featureNames as readonly string[]).includes(name)))
      throw new FeatureBlockError(
        `${where}, line ${lineOf(block, condition)}: {{#if ${condition}}} names no feature; expected one of ${featureNames.join(', ')} (src/config/features.ts)`,
      );
    return names.some((name) => features[name as Feature]);
  };
  // The words while on, and those after `{{else}}` while off.
  const branch = (separator: RegExp | string) => (block: string, condition: string, words: string) => {
    const [ifOn, ifOff = '', ...more] = words.split(separator);
    if (more.length)
      throw new FeatureBlockError(
        `${where}, line ${lineOf(block, condition)}: {{#if ${condition}}} has more than one {{else}}; expected one`,
      );
    const kept = keep(condition, block) ? ifOn! : ifOff;
    return lines ? kept + '\n'.repeat(block.split('\n').length - kept.split('\n').length) : kept;
  };
  let resolved = text;
  for (let before = ''; before !== resolved;) {
    before = resolved;
    resolved = resolved.replace(ownLines, branch(ownLinesElse)).replace(inline, branch(inlineElse));
  }
  const left = /\{\{(?:[#/]if\b[^}]*|else)\}\}/.exec(resolved);
  if (left)
    throw new FeatureBlockError(
      `${where}: ${left[0]} is not part of a closed block; expected {{#if <feature>}} ... {{/if}} (or {{#if <feature>}} ... {{else}} ... {{/if}}), each block closed`,
    );
  for (const feature of featureNames.filter((name) => values && !features[name]))
    for (const value of featureValues[feature])
      if (resolved.includes(`{{${value}}}`))
        throw new FeatureBlockError(
          `${where}: {{${value}}} is outside {{#if ${feature}}} ... {{/if}}, but features.${feature} is false in site.config.ts; expected it inside such a block`,
        );
  return resolved;
}
