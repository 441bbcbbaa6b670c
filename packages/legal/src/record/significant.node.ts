/**
 * Significant changes: the app-store accountability laws (Texas SB 2420; Utah SB 142) make a developer tell the app
 * stores of a significant change to its terms or privacy policy, and ask a parent's consent again for a minor's
 * account. Whether a change is significant is the owner's choice, recorded with its approval (`legal:approve
 * --significant`); once done, what followed is recorded too (`--followed`), and `check:release` lists each one until
 * then.
 */
import { effectiveOf, type Approvals } from './approvals.node.ts';
import { versionId } from '../addresses/pages.ts';
import { type SiteConfig } from '../host.ts';

/** What must follow a significant change, for this app, by the day it takes effect. */
export function followSteps(config: Pick<SiteConfig, 'androidPackage' | 'features'>): string[] {
  const stores = config.androidPackage ? 'App Store Connect and Google Play Console' : 'App Store Connect';
  return [
    `tell ${stores} of the change`,
    ...(config.features.teens
      ? ['ask the parents of users under 18 for their consent again, where the laws ask it']
      : []),
  ];
}

/** One line per significant change whose followed steps are not recorded, saying what to do by when, and how to record it. */
export function significantToFollow(
  approvals: Approvals,
  config: Pick<SiteConfig, 'androidPackage' | 'features'>,
): string[] {
  // The English pages' records: a translation takes effect with its English version, which carries the choice.
  return Object.entries(approvals).flatMap(([kind, list]) =>
    (kind.includes('.') ? [] : (list ?? []))
      .filter((approval) => approval.significant && !approval.followed)
      .map(
        (approval) =>
          `${versionId(kind, approval.version)} is a significant change: by ${effectiveOf(approval)}, the day it takes effect, ${followSteps(config).join(', and ')}  (then record it: npm run legal:approve -- ${kind} --followed --by "<your name>" --note "<what you did>")`,
      ),
  );
}
