/**
 * The App Store and Google Play privacy labels, rendered from the same parsed data-practices file as the privacy
 * policy (practices.ts), so the stores and the policy cannot disagree. `npm run store-labels` writes them.
 */
import {
  playAccountCreation,
  playDataTypes,
  playPurposes,
  type DataEntry,
  type DataPractices,
} from '../practices/practices.ts';

/** One entry of fastlane's app_privacy_details.json (upload_app_privacy_details_to_app_store). */
export interface AppPrivacyDetail {
  category?: string;
  purposes?: string[];
  data_protections: string[];
}

const sorted = (items: Iterable<string>) => [...new Set(items)].sort();
const appEntries = (practices: DataPractices) => practices.data.filter((entry) => entry.scope === 'app');
/**
 * Processed only in memory for the request, by us and by every recipient (the data file refuses an ephemeral rule
 * with a recipient that keeps): Google Play's "processed ephemerally", and not "collected" in the App Store's sense.
 */
const ephemeral = (practices: DataPractices, entry: DataEntry) => practices.retention[entry.retention]!.ephemeral;

/** Entries grouped by each key they declare, in first-seen order. */
function byKey(entries: DataEntry[], keysOf: (entry: DataEntry) => string[]): Map<string, DataEntry[]> {
  const groups = new Map<string, DataEntry[]>();
  for (const entry of entries) for (const key of keysOf(entry)) groups.set(key, [...(groups.get(key) ?? []), entry]);
  return groups;
}

/** The array fastlane's `upload_app_privacy_details_to_app_store` reads as `json_path`, sorted as fastlane writes it. */
export function appPrivacyDetails(practices: DataPractices): AppPrivacyDetail[] {
  const collected = appEntries(practices).filter((entry) => !ephemeral(practices, entry));
  const groups = byKey(collected, (entry) => entry.appStore);
  if (groups.size === 0) return [{ data_protections: ['DATA_NOT_COLLECTED'] }];
  return [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([category, entries]) => ({
      category,
      purposes: sorted(entries.flatMap((entry) => entry.purposes.flatMap((id) => practices.purposes[id]!.appStore))),
      data_protections: sorted([
        entries.some((entry) => entry.linked) ? 'DATA_LINKED_TO_YOU' : 'DATA_NOT_LINKED_TO_YOU',
        ...(entries.some((entry) => entry.tracking) ? ['DATA_USED_TO_TRACK_YOU'] : []),
      ]),
    }));
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
// Semicolons: Play's purpose names hold commas ("Fraud prevention, security, and compliance").
const list = (items: string[]) => items.join('; ');

/** Where an entry goes to a third party: Play calls only that sharing, not service providers nor other users. */
const thirdPartiesOf = (practices: DataPractices, entry: DataEntry) =>
  entry.recipients
    .map((id) => practices.recipients[id]!)
    .filter((recipient) => recipient.kind === 'third-party')
    .map((recipient) => recipient.name ?? recipient.label);

/** The Play purposes of the entries' purposes, in Play Console's order. */
function playPurposesOf(practices: DataPractices, entries: DataEntry[]): string[] {
  const used = new Set<string>(
    entries.flatMap((entry) => entry.purposes.flatMap((id) => practices.purposes[id]!.play)),
  );
  return playPurposes.filter((purpose) => used.has(purpose));
}

/** Play's questions about one data type, answered from every app entry that declares it. */
export interface PlayTypeAnswers {
  section: string;
  type: string;
  /** The third parties it goes to; empty when it is not shared in Play's sense. */
  sharedWith: string[];
  ephemeral: boolean;
  optional: boolean;
  collectionPurposes: string[];
  sharingPurposes: string[];
  /** The privacy policy's names for the entries that declare it. */
  from: string[];
}

/** Each Play data type the app's entries declare, in Play Console's section and type order. */
export function dataSafetyAnswers(practices: DataPractices): PlayTypeAnswers[] {
  const groups = byKey(appEntries(practices), (entry) => entry.play);
  return Object.entries(playDataTypes).flatMap(([section, types]) =>
    types.flatMap((type) => {
      const entries = groups.get(`${section} / ${type}`);
      if (!entries) return [];
      const shared = entries.filter((entry) => thirdPartiesOf(practices, entry).length > 0);
      return [
        {
          section,
          type,
          sharedWith: sorted(shared.flatMap((entry) => thirdPartiesOf(practices, entry))),
          ephemeral: entries.every((entry) => ephemeral(practices, entry)),
          // Optional: no entry is required, so each is optional or turned on by a consent.
          optional: entries.every((entry) => !entry.required),
          collectionPurposes: playPurposesOf(practices, entries),
          sharingPurposes: playPurposesOf(practices, shared),
          from: entries.map((entry) => entry.label),
        },
      ];
    }),
  );
}

function typeMarkdown(answers: PlayTypeAnswers): string {
  const shared = answers.sharedWith.length > 0;
  return [
    `#### ${answers.type}`,
    '',
    '- Collected: Yes',
    `- Shared: ${shared ? `Yes (with ${list(answers.sharedWith)})` : 'No'}`,
    `- Processed ephemerally: ${yesNo(answers.ephemeral)}`,
    `- Required or optional: ${answers.optional ? 'Optional (users can choose whether it is collected)' : 'Required'}`,
    `- Purposes of collection: ${list(answers.collectionPurposes)}`,
    ...(shared ? [`- Purposes of sharing: ${list(answers.sharingPurposes)}`] : []),
    `- In the privacy policy: ${list(answers.from)}`,
  ].join('\n');
}

export interface DataSafetyUrls {
  privacyUrl: string;
  /** Where users ask for their account and data to be deleted. */
  deletionUrl: string;
  /** Where users delete some of their data without deleting the account (Play's "Delete data URL"). */
  dataDeletionUrl: string;
}

/** Google Play's Data safety answers as Markdown, in Play Console's words and section order. */
export function dataSafetyMarkdown(
  practices: DataPractices,
  { privacyUrl, deletionUrl, dataDeletionUrl }: DataSafetyUrls,
): string {
  const answers = dataSafetyAnswers(practices);
  const sections = Object.keys(playDataTypes).flatMap((section) => {
    const types = answers.filter((answer) => answer.section === section);
    return types.length > 0 ? [`### ${section}`, ...types.map(typeMarkdown)] : [];
  });
  const collects = answers.length > 0;
  return [
    '# Google Play Data safety answers',
    '',
    'Written by `npm run store-labels` from `src/content/legal/data-practices.yaml`: change that file, not this one.',
    'Enter these in Play Console (Policy → App content → Data safety), or import `data-safety.csv` there.',
    '',
    `Privacy policy URL: ${privacyUrl}`,
    '',
    '"Shared" is Play\'s word for a transfer to a third party. Data sent to our service providers, which process it',
    "for us under contract, and what users choose to show other users, are not sharing in Play's definition.",
    '',
    '## Data collection and security',
    '',
    `- Does your app collect or share any of the required user data types? ${yesNo(collects)}`,
    `- Is all of the user data collected by your app encrypted in transit? ${yesNo(practices.encryptedInTransit)}`,
    `- Which of the following methods of account creation does your app support? ${playAccountCreation[practices.accounts.creation][1]}${practices.accounts.describe ? `: ${practices.accounts.describe}` : ''}`,
    `- Can users login to your app with accounts created outside of the app? ${practices.accounts.outsideApp ? 'Yes' : 'No (leave it blank: Play refuses an answer when accounts are created in the app)'}`,
    `- Add a link that users can use to request that their account and associated data be deleted: ${deletionUrl}`,
    `- Do you provide a way for users to request that their data is deleted? Yes`,
    `- Delete data URL: ${dataDeletionUrl}`,
    ...(collects ? ['', '## Data types', '', sections.join('\n\n')] : []),
    '',
  ].join('\n');
}
