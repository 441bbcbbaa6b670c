/**
 * The privacy policy's lists and tables of facts, rendered as Markdown from the data-practices file. The policy's
 * Markdown places each with a line of its own, `{{practices.<block>}}` (packages/legal/src/render/text.node.ts); the prose around
 * them points at them by anchor and types none of their facts. Code arranges the facts; every word around them is
 * counsel's, in src/content/legal/wording.yaml (`blocks`), with `{{placeholders}}` this module fills.
 */
import { z } from 'zod';
import { ccpaCategories, euBases, sources, type DataEntry, type DataPractices } from './practices.ts';

export const text = z.string('a text').trim().min(1, 'a non-empty text');
/** An object of the given keys, each a non-empty text, and no other key. */
export const texts = <Key extends string>(keys: readonly Key[]) =>
  z.strictObject(Object.fromEntries(keys.map((key) => [key, text])) as Record<Key, typeof text>);
/** wording.yaml's `blocks`: each line's words, by the name this module uses. */
export const blockWordsSchema = texts([
  'collected',
  'optional',
  'onlyWith',
  'ccpaColumns',
  'noOne',
  'recipient',
  'recipientOurs',
  'recipientAskFirst',
  'noThirdParty',
  'keptLonger',
  'sensitiveWithConsent',
  'sensitiveAsSaid',
  'legalBasis',
  'legalBasisRest',
  'healthData',
  'healthRecipient',
  'healthRecipientAskFirst',
  'glanceLinked',
  'glanceNotLinked',
  'glanceTracking',
  'glanceNoTracking',
  'glanceRecipients',
  'glanceSensitive',
  'glanceKeptAfterDeletion',
  'afterDeleted',
  'afterKept',
  'afterNotLinked',
  'backups',
  'recipientKeeps',
  'recipientWhy',
  'healthShownToOthers',
  'healthNotShownToOthers',
  'healthNotShownToOthersUnshared',
  'healthDeleted',
  'healthDeletedUnshared',
  'healthKeeper',
  'uses',
  'withdrawConsent',
  'withdrawConsentFor',
  'trainsNone',
  'trainsOwn',
  'trainsProvider',
]).extend({
  sources: texts(sources),
  euBases: texts(euBases),
  /** California's category names as a translated page shows them; the English page shows the statute's own. */
  ccpaCategories: texts(ccpaCategories).optional(),
});
export type BlockWords = z.infer<typeof blockWordsSchema>;

/** A line of wording.yaml with its `{{placeholders}}` filled. */
const say = (line: string, values: Record<string, string>) =>
  line.replace(/\{\{(\w+)\}\}/g, (match, name: string) => values[name] ?? match);
/** "Name" -> "name" inside a sentence, "Número" -> "número"; "AI recommendations" keeps its capitals. */
const lower = (label: string) =>
  /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const unique = <T>(items: T[]) => [...new Set(items)];
/** "a, b and c" in the page's language. */
const sentence = (tag: string, items: string[]) => new Intl.ListFormat(tag).format(items);
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
  return recipient.name ?? lower(recipient.label);
}

/** A kind of data linked to the account that outlives it: the exceptions to the deletion promise. */
export const keptAfterAccount = (practices: DataPractices, entry: DataEntry) =>
  entry.linked && practices.retention[entry.retention]!.afterAccount === 'kept';

/** What happens to data when the account is deleted: deleted with it, kept after it, or linked to none. */
const afterAccount = (practices: DataPractices, words: BlockWords, id: string, linked = true) =>
  !linked
    ? words.afterNotLinked
    : practices.retention[id]!.afterAccount === 'kept'
      ? words.afterKept
      : words.afterDeleted;

/** How long a rule keeps data, and what happens to it when the account is deleted. */
const period = (practices: DataPractices, words: BlockWords, id: string) =>
  `${practices.retention[id]!.label}; ${afterAccount(practices, words, id)}`;

const named = (entry: DataEntry) => (entry.detail ? `${lower(entry.label)} (${entry.detail})` : lower(entry.label));
const detail = (entry: DataEntry) => (entry.detail ? `, ${entry.detail}` : '');

/** "What we collect": one line per group, each kind of data with whether it is optional and what turns it on. */
function collected(practices: DataPractices, words: BlockWords, from: (entry: DataEntry) => boolean): string {
  const groups = groupBy(practices.data.filter(from), (entry) => [entry.group]);
  const note = (entry: DataEntry) =>
    entry.consent
      ? say(words.onlyWith, { consent: practices.consents[entry.consent]!.label })
      : entry.required
        ? ''
        : words.optional;
  return [...groups]
    .map(([group, entries]) => {
      // Sensitive data is described where its consent is (`sensitive`), once.
      const name = (entry: DataEntry) => (entry.sensitive.length ? lower(entry.label) : named(entry));
      const items = entries.map((entry) => (note(entry) ? `${name(entry)}, ${note(entry)}` : name(entry)));
      return `- ${say(words.collected, { group, items: items.join('; ') })}`;
    })
    .join('\n');
}

/** How long each of the entries is kept: one period, or each group of kinds with its own (CCPA 1798.100(a)(3)). */
function periods(practices: DataPractices, entries: DataEntry[], tag = 'en-US'): string {
  const groups = groupBy(entries, (entry) => [entry.retention]);
  if (groups.size === 1) return practices.retention[entries[0]!.retention]!.label;
  // One line each, so a phone shows each kind beside its own period.
  return [...groups]
    .map(
      ([rule, kinds]) =>
        `${capital(
          sentence(
            tag,
            kinds.map((e) => lower(e.label)),
          ),
        )}: ${practices.retention[rule]!.label}`,
    )
    .join('<br>');
}

/** California's categories, each with its examples, sources, purposes, recipients and retention (CCPA 1798.110). */
function ccpaTable(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  const groups = groupBy(practices.data, (entry) =>
    unique([entry.ccpa, ...(entry.sensitive.includes('cpra') ? ['Sensitive personal information'] : [])]),
  );
  const order = (category: string) => ccpaCategories.indexOf(category as (typeof ccpaCategories)[number]);
  const rows = [...groups]
    .sort(([a], [b]) => order(a) - order(b))
    .map(([category, entries]) => [
      words.ccpaCategories?.[category as (typeof ccpaCategories)[number]] ?? category,
      sentence(
        tag,
        entries.map((entry) => lower(entry.label)),
      ),
      sentence(tag, unique(entries.flatMap((entry) => entry.source.map((source) => words.sources[source])))),
      capital(
        sentence(tag, unique(entries.flatMap((entry) => entry.purposes.map((id) => practices.purposes[id]!.short)))),
      ),
      sentence(
        tag,
        unique(entries.flatMap((entry) => entry.recipients)).map((id) => recipientName(practices, id)),
      ) || words.noOne,
      periods(practices, entries, tag),
    ]);
  return table(words.ccpaColumns.split(/\s*\|\s*/), rows);
}

/** Who receives what: every recipient of a kind, with each kind of data it receives. */
function recipients(practices: DataPractices, words: BlockWords, kind: string, tag = 'en-US'): string {
  return Object.entries(practices.recipients)
    .filter(([, recipient]) => recipient.kind === kind)
    .map(([id, recipient]) => {
      const data = practices.data.filter((entry) => entry.recipients.includes(id)).map((entry) => lower(entry.label));
      const who = recipient.name ? `${recipient.label} (${recipient.name})` : recipient.label;
      const line = say(
        recipient.ours ? words.recipientOurs : recipient.askFirst ? words.recipientAskFirst : words.recipient,
        {
          recipient: who,
          data: sentence(tag, data),
        },
      );
      const keeps =
        recipient.keeps && recipient.kind !== 'other-users' && !recipient.ours
          ? ` ${say(words.recipientKeeps, { keeps: recipient.keeps })}`
          : '';
      const why = recipient.why ? ` ${say(words.recipientWhy, { why: recipient.why })}` : '';
      return `- ${line}${why}${keeps}`;
    })
    .join('\n');
}

/** What outlives a deleted account, with how long and why, and how long backups keep what was deleted. */
function keptLonger(practices: DataPractices, words: BlockWords): string {
  const kept = practices.data
    .filter((entry) => keptAfterAccount(practices, entry))
    .map((entry) => {
      const rule = practices.retention[entry.retention]!;
      const values = { label: entry.label, period: rule.label };
      return `- ${say(words.keptLonger, { ...values, reason: rule.reason! })}`;
    });
  return [...kept, `- ${say(words.backups, { days: String(practices.backupDays) })}`].join('\n');
}

function sensitive(practices: DataPractices, words: BlockWords): string {
  return practices.data
    .filter((entry) => entry.sensitive.length)
    .map((entry) => {
      const consent = entry.consent ? practices.consents[entry.consent] : undefined;
      const line = consent ? words.sensitiveWithConsent : words.sensitiveAsSaid;
      return `- ${say(line, { label: entry.label, detail: detail(entry), consent: consent?.label ?? '', withdraw: consent?.withdraw ?? '' })}`;
    })
    .join('\n');
}

/** Each EU legal basis with its kinds of data; the basis most kinds rest on last, as "everything else". */
function legalBases(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  const groups = [...groupBy(practices.data, (entry) => [entry.euBasis])];
  const most = groups.reduce((a, b) => (b[1].length > a[1].length ? b : a))[0];
  const basisOf = (basis: string) => words.euBases[basis as (typeof euBases)[number]];
  return [
    ...groups
      .filter(([basis]) => basis !== most)
      .map(([basis, entries]) => {
        const data = capital(
          sentence(
            tag,
            entries.map((entry) => lower(entry.label)),
          ),
        );
        return say(words.legalBasis, { data, basis: basisOf(basis) });
      }),
    say(words.legalBasisRest, { basis: basisOf(most) }),
  ]
    .map((line) => `- ${line}`)
    .join('\n');
}

/** Privacy at a glance, in the stores' own terms, each line linked to the section that says it in full. */
function glance(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  const app = practices.data;
  const list = (line: string, items: (DataEntry | string)[]) =>
    say(line, {
      list: sentence(
        tag,
        items.map((item) => (typeof item === 'string' ? item : lower(item.label))),
      ),
    });
  const tracking = app.filter((entry) => entry.tracking);
  const notLinked = app.filter((entry) => !entry.linked);
  const shared = Object.keys(practices.recipients)
    .filter((id) => app.some((entry) => entry.recipients.includes(id)))
    .map((id) => recipientName(practices, id));
  const kept = app.filter((entry) => keptAfterAccount(practices, entry));
  const sensitive = app.filter((entry) => entry.sensitive.length);
  return [
    list(words.glanceLinked, unique(app.filter((entry) => entry.linked).map((entry) => lower(entry.group)))),
    notLinked.length ? list(words.glanceNotLinked, notLinked) : '',
    tracking.length ? list(words.glanceTracking, tracking) : words.glanceNoTracking,
    list(words.glanceRecipients, shared),
    // None, once the features that collect it are switched off (src/config/features.ts): no line.
    sensitive.length ? list(words.glanceSensitive, sensitive) : '',
    list(words.glanceKeptAfterDeletion, kept),
  ]
    .filter(Boolean)
    .map((line) => `- ${line}`)
    .join('\n');
}

/** The consumer health data (entries marked `health`): what it is, from where, why, and how long it is kept. */
function healthData(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  return practices.data
    .filter((entry) => entry.sensitive.includes('health'))
    .map((entry) => {
      const values = {
        label: entry.label,
        detail: detail(entry),
        sources: sentence(
          tag,
          entry.source.map((source) => words.sources[source]),
        ),
        purposes: entry.purposes.map((id) => practices.purposes[id]!.label).join('; '),
        period: period(practices, words, entry.retention),
      };
      return `- ${say(words.healthData, values)}`;
    })
    .join('\n');
}

/** Who receives consumer health data, and which of it. */
function healthRecipients(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  const health = practices.data.filter((entry) => entry.sensitive.includes('health'));
  return Object.entries(practices.recipients)
    .map(([id, recipient]) => [recipient, health.filter((entry) => entry.recipients.includes(id))] as const)
    .filter(([, entries]) => entries.length)
    .map(([recipient, entries]) => {
      const who = recipient.name ? `${recipient.label} (${recipient.name})` : recipient.label;
      const line = recipient.askFirst ? words.healthRecipientAskFirst : words.healthRecipient;
      const keeps =
        recipient.keeps && recipient.kind !== 'other-users'
          ? ` ${say(words.recipientKeeps, { keeps: recipient.keeps })}`
          : '';
      return `- ${say(line, {
        recipient: who,
        data: sentence(
          tag,
          entries.map((entry) => lower(entry.label)),
        ),
      })}${keeps}`;
    })
    .join('\n');
}

/**
 * Whether consumer health data goes to a recipient other than ourselves and other users (an AI provider, say): only
 * then is there a consent to share to withdraw.
 */
const healthShared = (practices: DataPractices) => {
  const health = practices.data.filter((entry) => entry.sensitive.includes('health'));
  return Object.entries(practices.recipients).some(
    ([id, recipient]) =>
      !recipient.ours && recipient.kind !== 'other-users' && health.some((entry) => entry.recipients.includes(id)),
  );
};

/** Whether other users see the consumer health data: from its entries' recipients. */
const healthVisibility = (practices: DataPractices, words: BlockWords) =>
  practices.data.some((entry) => entry.sensitive.includes('health') && entry.recipients.includes('other-users'))
    ? words.healthShownToOthers
    : healthShared(practices)
      ? words.healthNotShownToOthers
      : words.healthNotShownToOthersUnshared;

/** What happens to consumer health data once consent is withdrawn: its deletion, backups, and what recipients keep. */
function healthDeletion(practices: DataPractices, words: BlockWords): string {
  if (!healthShared(practices)) return say(words.healthDeletedUnshared, { days: String(practices.backupDays) });
  const health = practices.data.filter((entry) => entry.sensitive.includes('health'));
  const keepers = Object.entries(practices.recipients)
    .filter(
      ([id, recipient]) => !recipient.ours && recipient.keeps && health.some((entry) => entry.recipients.includes(id)),
    )
    .map(([, recipient]) =>
      say(words.healthKeeper, {
        recipient: recipient.name ?? recipient.label,
        keeps: recipient.keeps as string,
      }),
    );
  const list = keepers.map((line) => `- ${line}`).join('\n');
  return [say(words.healthDeleted, { days: String(practices.backupDays) }), list].filter(Boolean).join('\n\n');
}

/**
 * What each kind of data the pages promise something about (its `never`) is used for, and what it is never used for:
 * one sentence each, from the same `purposes` the store labels take theirs from (storeLabels.ts), so a page cannot
 * deny a purpose a label declares (the data file refuses that: practices.ts). A line of its own in the Markdown joins
 * the paragraph it stands in.
 */
function uses(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  return practices.data
    .filter((entry) => entry.never.length)
    .map((entry) =>
      say(words.uses, {
        data: lower(entry.label),
        purposes: sentence(
          tag,
          entry.purposes.map((id) => practices.purposes[id]!.label),
        ),
        never: sentence(
          tag,
          entry.never.map((id) => practices.never[id]!.label),
        ),
      }),
    )
    .join('\n');
}

/** What goes with a deleted account: each group's kinds of data we store and delete with it (the deletion page). */
function deletedWithAccount(practices: DataPractices, words: BlockWords): string {
  const deleted = practices.data.filter((entry) => {
    const rule = practices.retention[entry.retention]!;
    return entry.linked && !rule.ephemeral && rule.afterAccount === 'deleted';
  });
  return [...groupBy(deleted, (entry) => [entry.group])]
    .map(
      ([group, entries]) =>
        `- ${say(words.collected, { group, items: entries.map((entry) => lower(entry.label)).join('; ') })}`,
    )
    .join('\n');
}

/** Each consent the app asks for, led by the data it turns on, and how to withdraw it (the privacy choices page). */
const consentChoices = (practices: DataPractices, words: BlockWords) =>
  Object.entries(practices.consents)
    .map(([id, consent]) => {
      const data = practices.data.filter((entry) => entry.consent === id).map((entry) => entry.label);
      const values = { consent: consent.label, withdraw: consent.withdraw, data: data.join(', ') };
      return `- ${say(data.length ? words.withdrawConsentFor : words.withdrawConsent, values)}`;
    })
    .join('\n');

/**
 * Whether personal data trains AI models (Connecticut's notice asks it of large language models), in one paragraph
 * from each kind's `trains`: ours, each recipient's that trains, or neither.
 */
function modelTraining(practices: DataPractices, words: BlockWords, tag = 'en-US'): string {
  const items = (entries: DataEntry[]) =>
    sentence(
      tag,
      entries.map((entry) => lower(entry.label)),
    );
  const own = practices.data.filter((entry) => entry.trains.includes('own'));
  const providers = Object.entries(practices.recipients).flatMap(([id, recipient]) => {
    const trained = practices.data.filter(
      (entry) => entry.trains.includes('provider') && entry.recipients.includes(id),
    );
    return recipient.trains && trained.length ? [{ recipient: recipient.name ?? recipient.label, trained }] : [];
  });
  if (!own.length && !providers.length) return words.trainsNone;
  return [
    ...(own.length ? [say(words.trainsOwn, { items: items(own) })] : []),
    ...providers.map(({ recipient, trained }) => say(words.trainsProvider, { recipient, items: items(trained) })),
  ].join(' ');
}

/** Every block the policy can place, by the name its Markdown uses: `{{practices.ccpaTable}}`. */
export const practiceBlocks = {
  glance,
  purposes: (p: DataPractices) =>
    Object.values(p.purposes)
      .map((purpose) => `- ${purpose.label};`)
      .join('\n')
      .replace(/;$/, '.'),
  collectedFromYou: (p: DataPractices, w: BlockWords) =>
    collected(p, w, (entry) => entry.source.includes('you') || entry.source.includes('friends')),
  collectedAutomatically: (p: DataPractices, w: BlockWords) =>
    collected(p, w, (entry) => !entry.source.includes('you') && !entry.source.includes('friends')),
  ccpaTable,
  serviceProviders: (p: DataPractices, w: BlockWords, l?: string) => recipients(p, w, 'service-provider', l),
  otherUsers: (p: DataPractices, w: BlockWords, l?: string) => recipients(p, w, 'other-users', l),
  thirdParties: (p: DataPractices, w: BlockWords, l?: string) =>
    recipients(p, w, 'third-party', l) || `- ${w.noThirdParty}`,
  keptLonger,
  deletedWithAccount,
  consentChoices,
  modelTraining,
  sensitive,
  legalBases,
  healthData,
  healthRecipients,
  healthVisibility,
  healthDeletion,
  uses,
} satisfies Record<string, (practices: DataPractices, words: BlockWords, tag?: string) => string>;

export type PracticeBlock = keyof typeof practiceBlocks;
