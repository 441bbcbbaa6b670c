/**
 * For each kind of data in the data-practices file, the privacy policy's tables and lists, its summary at a glance and
 * both store labels say the same; a hand edit of any one of them (a recipient dropped from one table) is caught.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/index.ts';
import { parseDataPractices, type DataPractices } from '../src/practices/practices.ts';
import { readDataPractices } from '../src/practices/read.node.ts';
import { keptAfterAccount, recipientName } from '../src/practices/policyBlocks.ts';
import {
  appPrivacyDetails,
  dataSafetyAnswers,
  dataSafetyMarkdown,
  type AppPrivacyDetail,
  type PlayTypeAnswers,
} from '../src/labels/storeLabels.ts';
import { legalShared, legalText } from '../src/render/text.node.ts';
import { fill as fillWith, legalTokens } from '../src/render/tokens.node.ts';
import { computes } from '../../../tests/support/timeouts.ts';

const practices = readDataPractices(loadConfig());
const html = (await legalText('privacy', undefined, legalShared(loadConfig()))).html;
const healthHtml = (await legalText('health-data', undefined, legalShared(loadConfig()))).html;
const fill = (text: string) => fillWith(text, legalTokens(loadConfig()));
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
    // What it is used for: the purposes the labels take theirs from, each named in its row.
    for (const id of entry.purposes)
      say(
        entry.id,
        `the CCPA row names the purpose ${id}`,
        !!ccpa?.Purpose?.toLowerCase().includes(fill(data.purposes[id]!.short).toLowerCase()),
      );
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
    for (const type of entry.play) {
      say(
        entry.id,
        `the Data safety answers list ${type}`,
        google.includes(`### ${type.split(' / ')[0]}`) && google.includes(`#### ${type.split(' / ')[1]}`),
      );
      const block = google.split(/^#### /m).find((part) => part.startsWith(`${type.split(' / ')[1]}\n`)) ?? '';
      const purposes = /- Purposes of collection: (.*)/.exec(block)?.[1]?.split('; ') ?? [];
      for (const purpose of entry.purposes.flatMap((p) => data.purposes[p]!.play))
        say(entry.id, `the Data safety answers give ${type} the purpose ${purpose}`, purposes.includes(purpose));
    }
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
    // A purpose dropped from a row of the policy's table, or from a label.
    const search = practices.data.find((entry) => entry.appStore.includes('SEARCH_HISTORY'))!;
    const short = fill(practices.purposes[search.purposes[0]!]!.short);
    const noPurpose = html.replace(
      new RegExp(`(<td data-label="Examples">[^<]*search history[^]*?<td data-label="Purpose">[^<]*?)${short}`, 'i'),
      '$1',
    );
    expect(noPurpose).not.toBe(html);
    expect(disagreements(practices, noPurpose, appStore, play)).toContain(
      `${search.id}: the CCPA row names the purpose ${search.purposes[0]}`,
    );
    const playPurpose = practices.purposes[search.purposes[0]!]!.play[0]!;
    const type = search.play[0]!;
    const block = new RegExp(`(#### ${type.split(' / ')[1]}\\n[^#]*- Purposes of collection: )[^\\n]*`);
    const noPlayPurpose = play.replace(block, '$1Analytics');
    expect(noPlayPurpose).not.toBe(play);
    expect(disagreements(practices, html, appStore, noPlayPurpose)).toContain(
      `${search.id}: the Data safety answers give ${type} the purpose ${playPurpose}`,
    );
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

/**
 * What the pages say a kind is used for (its sentence, `{{practices.uses}}`) against what the labels give its store
 * types: every purpose the sentence names reaches the labels, and none it denies does. Empty when they agree.
 */
function useDisagreements(data: DataPractices, page: string, apple: AppPrivacyDetail[], google: PlayTypeAnswers[]) {
  const found: string[] = [];
  const said = text(page).replace(/\s+/g, ' ');
  for (const entry of data.data.filter((each) => each.never.length)) {
    const sentence = said.split(/(?<=\.) /).find((each) => each.includes(` ${lower(entry.label)} only for `)) ?? '';
    if (!sentence) found.push(`${entry.id}: no sentence of the page says what it is used for`);
    for (const id of entry.purposes)
      if (!sentence.includes(data.purposes[id]!.label)) found.push(`${entry.id}: the sentence leaves out ${id}`);
    const denied = entry.never.map((id) => data.never[id]!);
    for (const denial of denied)
      if (!sentence.includes(denial.label)) found.push(`${entry.id}: the sentence leaves out "${denial.label}"`);
    const own = (store: 'appStore' | 'play') => new Set(entry.purposes.flatMap((id) => data.purposes[id]![store]));
    for (const category of entry.appStore) {
      const purposes = apple.find((each) => each.category === category)?.purposes ?? [];
      for (const purpose of own('appStore'))
        if (!purposes.includes(purpose)) found.push(`${entry.id}: the App Store gives ${category} no ${purpose}`);
      for (const purpose of denied.flatMap((denial) => denial.appStore))
        if (purposes.includes(purpose)) found.push(`${entry.id}: the App Store gives ${category} ${purpose}`);
    }
    for (const type of entry.play) {
      const purposes = google.find((each) => `${each.section} / ${each.type}` === type)?.collectionPurposes ?? [];
      for (const purpose of own('play'))
        if (!purposes.includes(purpose)) found.push(`${entry.id}: Google Play gives ${type} no ${purpose}`);
      for (const purpose of denied.flatMap((denial) => denial.play))
        if (purposes.includes(purpose)) found.push(`${entry.id}: Google Play gives ${type} ${purpose}`);
    }
  }
  return found;
}

describe('what a kind of data is used for, on the pages and in both labels', () => {
  const google = dataSafetyAnswers(practices);
  const denying = practices.data.filter((entry) => entry.never.length);

  it('the health page says it in a sentence rendered from the same purposes the labels give its types', () => {
    expect(denying.length).toBeGreaterThan(0);
    expect(useDisagreements(practices, healthHtml, appStore, google)).toEqual([]);
  });

  it('disagree, and the test says where, when a label or the sentence is edited by hand', () => {
    const entry = denying[0]!;
    const denial = practices.never[entry.never[0]!]!;
    const category = entry.appStore[0]!;
    const purpose = denial.appStore[0] ?? 'OTHER_PURPOSES';
    const added = appStore.map((detail) =>
      detail.category === category ? { ...detail, purposes: [...(detail.purposes ?? []), purpose] } : detail,
    );
    const expected = denial.appStore.length
      ? `${entry.id}: the App Store gives ${category} ${purpose}`
      : `${entry.id}: the sentence leaves out "${denial.label}"`;
    const edited = denial.appStore.length ? healthHtml : healthHtml.replace(fill(denial.label), '');
    expect(useDisagreements(practices, edited, added, google)).toContain(expected);
    const typed = healthHtml.replace(practices.purposes[entry.purposes[0]!]!.label, 'anything we like');
    expect(useDisagreements(practices, typed, appStore, google)).toContain(
      `${entry.id}: the sentence leaves out ${entry.purposes[0]}`,
    );
  });
});

describe('a kind of data only the Android app collects', () => {
  it('is on the pages and in the labels with an Android app, and nowhere without one', async () => {
    const file = parseDataPractices(
      readFileSync('src/content/legal/data-practices.yaml', 'utf8'),
      'data-practices.yaml',
    );
    const android = file.data.filter((entry) => entry.platform === 'android');
    expect(android.length).toBeGreaterThan(0);
    for (const androidPackage of ['', 'com.example.tablemates']) {
      const config = { ...loadConfig(), androidPackage };
      const page = text((await legalText('privacy', undefined, legalShared(config))).html);
      const read = readDataPractices(config);
      for (const entry of android) {
        const where = `${entry.id} with androidPackage "${androidPackage}"`;
        expect(page.includes(lower(entry.label)), where).toBe(Boolean(androidPackage));
        expect(
          read.data.some((each) => each.id === entry.id),
          where,
        ).toBe(Boolean(androidPackage));
      }
    }
  });
});
