/**
 * For each kind of data in the data-practices file, the privacy policy's tables and lists, its summary at a glance and
 * both store labels say the same; a hand edit of any one of them (a recipient dropped from one table) is caught.
 */
import { describe, expect, it } from 'vitest';
import type { DataPractices } from '../../src/lib/dataPractices/practices.ts';
import { readDataPractices } from '../../src/lib/dataPractices/read.node.ts';
import { keptAfterAccount, recipientName } from '../../src/lib/dataPractices/policyBlocks.ts';
import {
  appPrivacyDetails,
  dataSafetyMarkdown,
  type AppPrivacyDetail,
} from '../../src/lib/dataPractices/storeLabels.ts';
import { legalText } from '../../src/lib/legal/text.node.ts';
import { fill as fillWith, legalTokens } from '../../src/lib/legal/tokens.node.ts';
import { computes } from '../support/timeouts.ts';

const practices = readDataPractices();
const html = (await legalText('privacy')).html;
const fill = (text: string) => fillWith(text, legalTokens());
const appStore = appPrivacyDetails(practices);
const play = dataSafetyMarkdown(practices, {
  privacyUrl: 'https://x.example/privacy',
  deletionUrl: 'https://x.example/d',
  dataDeletionUrl: 'https://x.example/dd',
});

const text = (part: string) =>
  part
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
/** Whether `label` is one item of a list written as prose ("a, b, and c"); a label may itself hold "and". */
const listed = (list: string, label: string) =>
  new RegExp(`(?:^|, (?:and )?| and )${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=,| and |\\.?$)`).test(
    text(list),
  );
const lower = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);
/** The rows of the table under `id`, each as its cells by column label. */
const rows = (page: string, id: string) => {
  const table = page.slice(
    page.indexOf(`aria-labelledby="${id}"`),
    page.indexOf('</table>', page.indexOf(`aria-labelledby="${id}"`)),
  );
  return [...table.matchAll(/<tr>(\s*<td[\s\S]*?)<\/tr>/g)].map(([, row]) =>
    Object.fromEntries(
      [...row!.matchAll(/<td data-label="([^"]+)">([\s\S]*?)<\/td>/g)].map(([, k, v]) => [k!, text(v!)]),
    ),
  );
};
/** The list item that starts with `**lead:**` inside the part of the page from `id` to the next heading. */
/** The list after an item's bold lead, up to the end of its first sentence (what follows says how long it is kept). */
const item = (page: string, id: string, lead: string) => {
  const start = page.indexOf(`id="${id}"`);
  const part = page.slice(start, page.indexOf('<h', start + 4));
  return (
    /<li><strong>([^<]*)<\/strong>([^]*?)<\/li>/g[Symbol.matchAll](part).find(([, head]) => head === `${lead}:`)?.[2] ??
    ''
  ).split(/\. (?=[A-Z])|; /)[0]!;
};

/** What the page and the labels say of each entry that differs from the entry; empty when all agree. */
function disagreements(data: DataPractices, page: string, apple: AppPrivacyDetail[], google: string): string[] {
  const found: string[] = [];
  const say = (entry: string, where: string, ok: boolean) => ok || found.push(`${entry}: ${where}`);
  for (const entry of data.data) {
    const label = lower(entry.label);
    const kept = fill(data.retention[entry.retention]!.label);
    const ccpa = rows(page, 'ccpa-categories').find((row) => row.Category === entry.ccpa);
    say(entry.id, 'the CCPA row names it', !!ccpa && listed(ccpa.Examples!, label));
    for (const id of entry.recipients)
      say(entry.id, `the CCPA row names ${id}`, !!ccpa?.Recipients?.includes(fill(recipientName(data, id))));
    say(entry.id, 'the CCPA row says how long it is kept', !!ccpa?.Retention?.includes(kept));
    // Our own storage is listed as receiving everything we store, not kind by kind.
    const providers = Object.entries(data.recipients).filter(([, r]) => r.kind === 'service-provider' && !r.ours);
    for (const [id, recipient] of providers) {
      const lead = recipient.name ? `${recipient.label} (${fill(recipient.name)})` : recipient.label;
      say(
        entry.id,
        `the list of ${id} is right`,
        listed(item(page, 'service-providers', lead), label) === entry.recipients.includes(id),
      );
    }
    // The glance names linked data by the groups "What we collect" puts it under.
    const linked = item(page, 'at-a-glance', 'Data linked to you').replace(/ \(.*$/, '');
    const group = lower(entry.group);
    const groupLinked = data.data.some((other) => other.group === entry.group && other.linked);
    say(entry.id, 'the glance block says whether it is linked to you', listed(linked, group) === groupLinked);
    if (entry.scope === 'website') continue;
    for (const category of entry.appStore) {
      const detail = apple.find((each) => each.category === category);
      say(
        entry.id,
        `the App Store file declares ${category}`,
        !!detail?.data_protections.includes(entry.linked ? 'DATA_LINKED_TO_YOU' : 'DATA_NOT_LINKED_TO_YOU'),
      );
      for (const purpose of entry.purposes.flatMap((p) => data.purposes[p]!.appStore)) {
        say(
          entry.id,
          `the App Store file gives ${category} the purpose ${purpose}`,
          !!detail?.purposes?.includes(purpose),
        );
      }
    }
    for (const type of entry.play)
      say(
        entry.id,
        `the Data safety answers list ${type}`,
        google.includes(`### ${type.split(' / ')[0]}`) && google.includes(`#### ${type.split(' / ')[1]}`),
      );
  }
  return found;
}

describe('the privacy policy and both store labels', computes, () => {
  it('say the same of every kind of data', () => {
    expect(disagreements(practices, html, appStore, play)).toEqual([]);
  });

  it('disagree, and the test says where, when one of them is edited by hand', () => {
    const dropped = html.replace(/(<td data-label="Recipients">[^<]*?),? and error monitoring/, '$1');
    expect(dropped).not.toBe(html);
    expect(disagreements(practices, dropped, appStore, play)).toContain('diagnostics: the CCPA row names monitoring');
    const withoutSearch = appStore.filter((detail) => detail.category !== 'SEARCH_HISTORY');
    expect(disagreements(practices, html, withoutSearch, play)).toContain(
      'search-history: the App Store file declares SEARCH_HISTORY',
    );
  });
});

describe('the deletion promise', () => {
  const part = (id: string, end: string) => text(html.slice(html.indexOf(`id="${id}"`), html.indexOf(`id="${end}"`)));
  const kept = practices.data.filter((entry) => keptAfterAccount(practices, entry));

  it('lists every kind kept after account deletion, with its period and reason, and the backup period', () => {
    const retention = part('retention', 'retention-periods');
    expect(kept.map((entry) => entry.id)).toContain('text-logs');
    for (const entry of kept) {
      const rule = practices.retention[entry.retention]!;
      const line = retention.split('\n').find((each) => each.startsWith(entry.label));
      expect(line, entry.id).toContain(fill(rule.label));
      expect(line, entry.id).toContain(fill(rule.reason!).replace(/\s+/g, ' '));
    }
    expect(retention).toMatch(new RegExp(`\\b${practices.backupDays} more days`));
  });

  it('and the summary at a glance names the same kinds', () => {
    const glance = item(html, 'at-a-glance', 'Kept after you delete your account');
    for (const entry of practices.data)
      expect(listed(glance.replace(/ \(.*$/, ''), lower(entry.label)), entry.id).toBe(kept.includes(entry));
  });
});
