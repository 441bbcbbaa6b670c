/**
 * The privacy policy's lists and tables of facts, rendered as Markdown from the data-practices file. The policy's
 * Markdown places each with a line of its own, `{{practices.<block>}}` (src/lib/legal/text.node.ts); the prose around them
 * points at them by anchor and types none of their facts.
 */
import { ccpaCategories, euBases, sources, type DataEntry, type DataPractices } from './practices.ts';

/** The glance's sentences, from src/content/legal/wording.yaml: `{{list}}` stands for the kinds of data or recipients. */
export type GlanceWords = Record<
  'linked' | 'notLinked' | 'tracking' | 'noTracking' | 'recipients' | 'sensitive' | 'keptAfterDeletion',
  string
>;

/** "Name" -> "name" inside a sentence; "AI recommendations" keeps its capitals. */
const lower = (label: string) => (/^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label);
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const unique = <T>(items: T[]) => [...new Set(items)];
const sentence = (items: string[]) => new Intl.ListFormat('en-US').format(items);
const cell = (value: string) => value.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');

/** Groups entries by a key, in the order each key first appears. */
function groupBy<T>(items: T[], keyOf: (item: T) => string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) for (const k of keyOf(item)) groups.set(k, [...(groups.get(k) ?? []), item]);
  return groups;
}

export function recipientName(practices: DataPractices, id: string): string {
  const recipient = practices.recipients[id]!;
  return recipient.name ? `${recipient.name} (${recipient.label})` : lower(recipient.label);
}

const named = (entry: DataEntry) => (entry.detail ? `${lower(entry.label)} (${entry.detail})` : lower(entry.label));
const optionality = (practices: DataPractices, entry: DataEntry) =>
  entry.consent ? `only with ${practices.consents[entry.consent]!.label}` : entry.required ? '' : 'optional';

/** "What we collect": one line per group, each kind of data with whether it is optional and what turns it on. */
function collected(practices: DataPractices, from: (entry: DataEntry) => boolean): string {
  const groups = groupBy(practices.data.filter(from), (entry) => [entry.group]);
  return [...groups]
    .map(([group, entries]) => {
      const items = entries.map((entry) => {
        const note = optionality(practices, entry);
        return note ? `${named(entry)}, ${note}` : named(entry);
      });
      return `- **${group}:** ${items.join('; ')}.`;
    })
    .join('\n');
}

/** California's categories, each with its examples, sources, purposes, recipients and retention (CCPA 1798.110). */
function ccpaTable(practices: DataPractices): string {
  const groups = groupBy(practices.data, (entry) =>
    unique([entry.ccpa, ...(entry.sensitive.includes('cpra') ? ['Sensitive personal information'] : [])]),
  );
  const order = (category: string) => ccpaCategories.indexOf(category as (typeof ccpaCategories)[number]);
  const rows = [...groups]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([category, entries]) => [
      category,
      sentence(entries.map((entry) => lower(entry.label))),
      sentence(unique(entries.flatMap((entry) => entry.source.map((source) => sources[source])))),
      unique(entries.flatMap((entry) => entry.purposes.map((id) => practices.purposes[id]!.label))).join('; '),
      sentence(unique(entries.flatMap((entry) => entry.recipients)).map((id) => recipientName(practices, id))) ||
        'no one',
      unique(entries.map((entry) => practices.retention[entry.retention]!.label)).join('; '),
    ]);
  return table(['Category', 'Examples', 'Source', 'Purpose', 'Recipients', 'Retention'], rows);
}

/** Who receives what: every recipient of a kind, with each kind of data it receives. */
function recipients(practices: DataPractices, kind: string): string {
  return Object.entries(practices.recipients)
    .filter(([, recipient]) => recipient.kind === kind)
    .map(([id, recipient]) => {
      const data = practices.data.filter((entry) => entry.recipients.includes(id)).map((entry) => lower(entry.label));
      const who = recipient.name ? `${recipient.label} (${recipient.name})` : recipient.label;
      const ask = recipient.askFirst ? ', and only after the app has asked your permission' : '';
      return `- **${who}:** ${sentence(data)}${ask}.`;
    })
    .join('\n');
}

function retentionTable(practices: DataPractices): string {
  const groups = groupBy(practices.data, (entry) => [entry.retention]);
  const rows = [...groups].map(([id, entries]) => {
    const rule = practices.retention[id]!;
    return [
      capital(sentence(entries.map((entry) => lower(entry.label)))),
      rule.afterAccount ? `${rule.label}, ${rule.afterAccount}` : rule.label,
    ];
  });
  return table(['Kind of data', 'How long we keep it'], rows);
}

/** What outlives a deleted account, and why: the exceptions to the deletion promise. */
function keptLonger(practices: DataPractices): string {
  return practices.data
    .filter((entry) => practices.retention[entry.retention]!.afterAccount)
    .map((entry) => {
      const rule = practices.retention[entry.retention]!;
      return `- **${entry.label}**${entry.detail ? ` (${entry.detail})` : ''}: kept ${rule.label}, ${rule.afterAccount}.`;
    })
    .join('\n');
}

function sensitive(practices: DataPractices): string {
  return practices.data
    .filter((entry) => entry.sensitive.length)
    .map((entry) => {
      const consent = entry.consent ? practices.consents[entry.consent] : undefined;
      const use = consent
        ? `only with ${consent.label}; to withdraw it, ${consent.withdraw}`
        : 'only as this policy says';
      return `- **${entry.label}**${entry.detail ? `, ${entry.detail}` : ''}: ${use}.`;
    })
    .join('\n');
}

function legalBases(practices: DataPractices): string {
  const groups = groupBy(practices.data, (entry) => [entry.euBasis]);
  return [...groups]
    .map(
      ([basis, entries]) =>
        `- ${capital(sentence(entries.map((entry) => lower(entry.label))))}: ${euBases[basis as keyof typeof euBases]}.`,
    )
    .join('\n');
}

/** Privacy at a glance, in the stores' own terms, each line (wording.yaml) linked to the section that says it in full. */
function glance(practices: DataPractices, words: GlanceWords): string {
  const app = practices.data;
  const list = (line: string, entries: DataEntry[] | string[]) =>
    line.replace(
      '{{list}}',
      sentence(entries.map((entry) => (typeof entry === 'string' ? entry : lower(entry.label)))),
    );
  const tracking = app.filter((entry) => entry.tracking);
  const notLinked = app.filter((entry) => !entry.linked);
  const shared = Object.keys(practices.recipients)
    .filter((id) => app.some((entry) => entry.recipients.includes(id)))
    .map((id) => recipientName(practices, id));
  return [
    list(
      words.linked,
      app.filter((entry) => entry.linked),
    ),
    notLinked.length ? list(words.notLinked, notLinked) : '',
    tracking.length ? list(words.tracking, tracking) : words.noTracking,
    list(words.recipients, shared),
    list(
      words.sensitive,
      app.filter((entry) => entry.sensitive.length),
    ),
    list(
      words.keptAfterDeletion,
      app.filter((entry) => practices.retention[entry.retention]!.afterAccount),
    ),
  ]
    .filter(Boolean)
    .map((line) => `- ${line}`)
    .join('\n');
}

/** The consumer health data (entries marked `health`): what it is, from where, why, and how long it is kept. */
function healthData(practices: DataPractices): string {
  return practices.data
    .filter((entry) => entry.sensitive.includes('health'))
    .map((entry) => {
      const from = sentence(entry.source.map((source) => sources[source]));
      const why = entry.purposes.map((id) => practices.purposes[id]!.label).join('; ');
      return `- **${entry.label}**${entry.detail ? `, ${entry.detail}` : ''}. From ${from}, for ${why}; kept ${practices.retention[entry.retention]!.label}.`;
    })
    .join('\n');
}

/** Who receives consumer health data, and which of it. */
function healthRecipients(practices: DataPractices): string {
  const health = practices.data.filter((entry) => entry.sensitive.includes('health'));
  return Object.entries(practices.recipients)
    .map(([id, recipient]) => [recipient, health.filter((entry) => entry.recipients.includes(id))] as const)
    .filter(([, entries]) => entries.length)
    .map(([recipient, entries]) => {
      const who = recipient.name ? `${recipient.label} (${recipient.name})` : recipient.label;
      const ask = recipient.askFirst ? ', only with your separate consent to share' : '';
      return `- **${who}:** ${sentence(entries.map((entry) => lower(entry.label)))}${ask}.`;
    })
    .join('\n');
}

/** Every block the policy can place, by the name its Markdown uses: `{{practices.ccpaTable}}`. */
export const practiceBlocks = {
  glance,
  purposes: (p: DataPractices) =>
    Object.values(p.purposes)
      .map((purpose) => `- ${purpose.label};`)
      .join('\n')
      .replace(/;$/, '.'),
  collectedFromYou: (p: DataPractices) =>
    collected(p, (entry) => entry.source.includes('you') || entry.source.includes('friends')),
  collectedAutomatically: (p: DataPractices) =>
    collected(p, (entry) => !entry.source.includes('you') && !entry.source.includes('friends')),
  ccpaTable,
  serviceProviders: (p: DataPractices) => recipients(p, 'service-provider'),
  otherUsers: (p: DataPractices) => recipients(p, 'other-users'),
  thirdParties: (p: DataPractices) => recipients(p, 'third-party') || '- No one else.',
  retentionTable,
  keptLonger,
  sensitive,
  legalBases,
  healthData,
  healthRecipients,
} satisfies Record<string, (practices: DataPractices, glanceWords: GlanceWords) => string>;

export type PracticeBlock = keyof typeof practiceBlocks;
