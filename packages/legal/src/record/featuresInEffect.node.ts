/**
 * A feature switched in site.config.ts follows the calendar of the legal change that describes it. An owner who
 * switches `ai` on approves the privacy policy's new words to take effect in 30 days. Until then the page shows the
 * version in effect, approved without AI, and every other page, answer, store label and check says what that version
 * says. The switch reaches them on the day the new version takes effect. Each English approval records the features
 * it was approved with (approvals.node.ts); a record made before that says nothing, and the config's features hold.
 */
import { effectiveOf, readApprovals, today, type Approvals } from './approvals.node.ts';
import { LegalTextError } from '../addresses/pages.node.ts';
import { versionId } from '../addresses/pages.ts';
import { type SiteConfig, featureNames, featureValues, type Feature, type Features } from '../host.ts';

/** A switch of the config that waits: the feature, what it stays until then, the day and the version that bring it. */
export interface PendingSwitch {
  feature: Feature;
  until: string;
  stays: boolean;
  version: string;
}

/**
 * Each feature whose switch in `features` an English page's version in effect on `on` was not approved with, while
 * that page's latest version, approved with it, takes effect later.
 */
export function pendingSwitches(features: Features, approvals: Approvals = readApprovals(), on = today()) {
  const pending = new Map<Feature, PendingSwitch>();
  for (const [kind, list = []] of Object.entries(approvals).filter(([key]) => !key.includes('.'))) {
    const latest = list.at(-1);
    const inEffect = list.findLast((approval) => effectiveOf(approval) <= on);
    if (!latest?.features || !inEffect?.features || inEffect === latest) continue;
    for (const feature of featureNames) {
      const stays = inEffect.features[feature];
      if (stays === undefined || stays === features[feature] || latest.features[feature] !== features[feature])
        continue;
      const until = effectiveOf(latest);
      if (!pending.has(feature) || until > pending.get(feature)!.until)
        pending.set(feature, { feature, stays, until, version: versionId(kind, latest.version) });
    }
  }
  return [...pending.values()];
}

/**
 * `config` with the features in effect on `on`: what everything but the legal pages' newest words reads. A feature
 * that stays on until its switch takes effect needs its values until then: one emptied too soon stops, naming it.
 */
export function configInEffect<T extends SiteConfig>(config: T, approvals?: Approvals, on?: string): T {
  const pending = pendingSwitches(config.features, approvals, on);
  if (!pending.length) return config;
  const emptied = pending.flatMap(({ feature, stays, until }) =>
    stays ? featureValues[feature].filter((field) => !config[field]).map((field) => ({ feature, field, until })) : [],
  );
  if (emptied.length)
    throw new LegalTextError(
      emptied
        .map(
          ({ feature, field, until }) =>
            `site.config.ts: ${field} is empty; expected its value until ${until}, as features.${feature} stays on until the version that switches it off takes effect`,
        )
        .join('\n'),
    );
  return {
    ...config,
    features: { ...config.features, ...Object.fromEntries(pending.map(({ feature, stays }) => [feature, stays])) },
  };
}

/** The pending switches, one line each, for a command to print. */
export const pendingReport = (pending: PendingSwitch[]) =>
  pending.map(
    ({ feature, stays, until, version }) =>
      `features.${feature} stays ${stays ? 'on' : 'off'} until ${until}, when ${version} takes effect`,
  );
