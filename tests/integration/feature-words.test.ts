/**
 * Every combination of the features is a site (docs/legal-pages.md#features). This test works in a copy of the
 * project whose record starts empty, so the pages build as drafts. Each feature switched off alone, and all five
 * together, builds. No page published, in any language, says a word of a feature switched off. A feature's word put
 * back outside its block stops the build, naming the feature and the file.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import { featureNames, featureValues, type Feature } from '../../src/lib/features.ts';
import { offFeatureWords, offFeatureWordsIn } from '../../src/lib/featureWords.node.ts';
import { approvalsFile, versionsDir } from 'legal-record';
import { addressOf } from '../../src/integrations/fragmentLinks.ts';
import { template } from '../support/ownerContent.ts';
import { copyProject, filesOf, type ProjectCopy } from '../support/projectCopy.ts';

let project: ProjectCopy;
let original: string;
beforeAll(() => {
  project = copyProject();
  // A record of its own, empty: any feature may go, as before a first approval (the copy is thrown away).
  rmSync(join(project.dir, approvalsFile));
  rmSync(join(project.dir, versionsDir), { recursive: true, force: true });
  original = project.read('site.config.ts');
});
afterAll(() => project?.remove());

/** The features the config has on: an owner without some has nothing to switch off there. */
const featuresOn = featureNames.filter((name) => loadConfig().features[name]);

/** The copy's config with the features `off` switched off and their values left empty; the config it then holds. */
function switchOff(off: Feature[]) {
  project.write('site.config.ts', original);
  const features = Object.fromEntries(
    featureNames.map((name) => [name, featuresOn.includes(name) && !off.includes(name)]),
  );
  project.edit('site.config.ts', /features: \{[^}]*\}/, `features: ${JSON.stringify(features)}`);
  for (const field of off.filter((name) => featuresOn.includes(name)).flatMap((feature) => featureValues[feature]))
    project.edit('site.config.ts', new RegExp(`${field}: (?:example\\('[^']*'\\)|'[^']*')`), `${field}: ''`);
  return { ...loadConfig(), features: features as Record<Feature, boolean> };
}

const builtPages = () => {
  const dist = join(project.dir, 'dist');
  return new Map(
    filesOf(dist)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [addressOf(relative(dist, file)), readFileSync(file, 'utf8')]),
  );
};

// Each feature on switched off alone, and all five off together (the config as it is, for an owner with none on).
const combinations = [...featuresOn.map((feature) => [feature]), [...featureNames]];

it.each(combinations.map((off) => [off.join(', '), off] as const))(
  'builds with %s off, and no page says a word of it',
  async (_, off) => {
    const config = switchOff([...off]);
    // The check reads something: each feature off has words.
    for (const feature of off) expect(offFeatureWords(config).map((word) => word.feature)).toContain(feature);
    const built = await project.build({ LEGAL_DRAFTS: '1' });
    expect(built.code, built.output).toBe(0);
    expect(offFeatureWordsIn(builtPages(), config)).toEqual([]);
  },
  300_000,
);

// The sentences a reviewer found left behind in the template's words; an owner's own words, for an owner's.
const examples: Record<Feature, string> = {
  posts: 'the photos, videos and reviews you post',
  places: 'only with your permission, your location',
  ai: 'AI provider',
  dietary: 'dietary restrictions',
  teens: '13 to 17',
};

it('stops the build on a word of each feature off put back outside its block, naming the feature and the file', async () => {
  const config = switchOff([...featureNames]);
  const words = offFeatureWords(config);
  const answer = 'src/content/i18n/en/support/my-data.md';
  const before = project.read(answer);
  const first = `${before}\n`.split('\n').length;
  const said = featureNames.map((feature) =>
    template ? examples[feature] : words.find((word) => word.feature === feature)!.word,
  );
  project.write(answer, `${before}\n${said.map((word) => `Mind ${word}.`).join('\n')}\n`);
  const built = await project.build({ LEGAL_DRAFTS: '1' });
  project.write(answer, before);
  expect(built.code, built.output).not.toBe(0);
  featureNames.forEach((feature, index) => {
    expect(built.output).toContain(`features.${feature} is false, but /support says "`);
    expect(built.output).toContain(`${answer}, line ${first + index}`);
  });
}, 300_000);
