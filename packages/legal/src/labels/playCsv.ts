/**
 * Google Play's Data safety answers as the CSV Play Console imports (Policy → App content → Data safety → Import from
 * CSV): the rows, ids and order of the Console's own export. packages/legal/tests/fixtures/play-data-safety-export.csv is part of a
 * real export; an owner checks the file against the export of their own Console (docs/store-labels.md), since the
 * template grows over time.
 */
import { playAccountCreation, type DataPractices } from '../practices/practices.ts';
import { dataSafetyAnswers, type DataSafetyUrls } from './storeLabels.ts';

/** The export's data types, in its order: section id, the section and type names used in the data file, type ids. */
const sections: [string, string, [string, string][]][] = [
  [
    'PSL_DATA_TYPES_PERSONAL',
    'Personal info',
    [
      ['Name', 'PSL_NAME'],
      ['Email address', 'PSL_EMAIL'],
      ['User IDs', 'PSL_USER_ACCOUNT'],
      ['Address', 'PSL_ADDRESS'],
      ['Phone number', 'PSL_PHONE'],
      ['Race and ethnicity', 'PSL_RACE_ETHNICITY'],
      ['Political or religious beliefs', 'PSL_POLITICAL_RELIGIOUS'],
      ['Sexual orientation', 'PSL_SEXUAL_ORIENTATION_GENDER_IDENTITY'],
      ['Other info', 'PSL_OTHER_PERSONAL'],
    ],
  ],
  [
    'PSL_DATA_TYPES_FINANCIAL',
    'Financial info',
    [
      ['User payment info', 'PSL_CREDIT_DEBIT_BANK_ACCOUNT_NUMBER'],
      ['Purchase history', 'PSL_PURCHASE_HISTORY'],
      ['Credit score', 'PSL_CREDIT_SCORE'],
      ['Other financial info', 'PSL_OTHER'],
    ],
  ],
  [
    'PSL_DATA_TYPES_LOCATION',
    'Location',
    [
      ['Approximate location', 'PSL_APPROX_LOCATION'],
      ['Precise location', 'PSL_PRECISE_LOCATION'],
    ],
  ],
  ['PSL_DATA_TYPES_SEARCH_AND_BROWSING', 'Web browsing', [['Web browsing history', 'PSL_WEB_BROWSING_HISTORY']]],
  [
    'PSL_DATA_TYPES_EMAIL_AND_TEXT',
    'Messages',
    [
      ['Emails', 'PSL_EMAILS'],
      ['SMS or MMS', 'PSL_SMS_CALL_LOG'],
      ['Other in-app messages', 'PSL_OTHER_MESSAGES'],
    ],
  ],
  [
    'PSL_DATA_TYPES_PHOTOS_AND_VIDEOS',
    'Photos and videos',
    [
      ['Photos', 'PSL_PHOTOS'],
      ['Videos', 'PSL_VIDEOS'],
    ],
  ],
  [
    'PSL_DATA_TYPES_AUDIO',
    'Audio files',
    [
      ['Voice or sound recordings', 'PSL_AUDIO'],
      ['Music files', 'PSL_MUSIC'],
      ['Other audio files', 'PSL_OTHER_AUDIO'],
    ],
  ],
  [
    'PSL_DATA_TYPES_HEALTH_AND_FITNESS',
    'Health and fitness',
    [
      ['Health info', 'PSL_HEALTH'],
      ['Fitness info', 'PSL_FITNESS'],
    ],
  ],
  ['PSL_DATA_TYPES_CONTACTS', 'Contacts', [['Contacts', 'PSL_CONTACTS']]],
  ['PSL_DATA_TYPES_CALENDAR', 'Calendar', [['Calendar events', 'PSL_CALENDAR']]],
  [
    'PSL_DATA_TYPES_APP_PERFORMANCE',
    'App info and performance',
    [
      ['Crash logs', 'PSL_CRASH_LOGS'],
      ['Diagnostics', 'PSL_PERFORMANCE_DIAGNOSTICS'],
      ['Other app performance data', 'PSL_OTHER_PERFORMANCE'],
    ],
  ],
  ['PSL_DATA_TYPES_FILES_AND_DOCS', 'Files and docs', [['Files and docs', 'PSL_FILES_AND_DOCS']]],
  [
    'PSL_DATA_TYPES_APP_ACTIVITY',
    'App activity',
    [
      ['App interactions', 'PSL_USER_INTERACTION'],
      ['In-app search history', 'PSL_IN_APP_SEARCH_HISTORY'],
      ['Installed apps', 'PSL_APPS_ON_DEVICE'],
      ['Other user-generated content', 'PSL_USER_GENERATED_CONTENT'],
      ['Other actions', 'PSL_OTHER_APP_ACTIVITY'],
    ],
  ],
  ['PSL_DATA_TYPES_IDENTIFIERS', 'Device or other IDs', [['Device or other IDs', 'PSL_DEVICE_ID']]],
];

/** The export's purposes, in its order: the data file's Play purpose name, its id, the export's label. */
const purposes: [string, string, string][] = [
  ['App functionality', 'PSL_APP_FUNCTIONALITY', 'App functionality'],
  ['Analytics', 'PSL_ANALYTICS', 'Analytics'],
  ['Developer communications', 'PSL_DEVELOPER_COMMUNICATIONS', 'Developer communications'],
  [
    'Fraud prevention, security, and compliance',
    'PSL_FRAUD_PREVENTION_SECURITY',
    'Fraud prevention, security and compliance',
  ],
  ['Advertising or marketing', 'PSL_ADVERTISING', 'Advertising or marketing'],
  ['Personalization', 'PSL_PERSONALIZATION', 'Personalisation'],
  ['Account management', 'PSL_ACCOUNT_MANAGEMENT', 'Account management'],
];

const header = [
  'Question ID (machine readable)',
  'Response ID (machine readable)',
  'Response value',
  'Answer requirement',
  'Human-friendly question label',
];
const field = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** An answer: 'true', 'false', a text, or '' for a row left blank. */
const answer = (value: boolean | string | undefined) => (value === undefined || value === false ? '' : String(value));

/** The CSV Play Console imports, every row of its template present, the app's answers filled in. */
export function dataSafetyCsv(practices: DataPractices, { deletionUrl, dataDeletionUrl }: DataSafetyUrls): string {
  const answers = new Map(dataSafetyAnswers(practices).map((each) => [`${each.section} / ${each.type}`, each]));
  const rows: string[][] = [];
  const row = (question: string, response: string, value: boolean | string | undefined, need: string, label: string) =>
    rows.push([question, response, answer(value), need, label]);
  const methods = 'Which of the following methods of account creation does your app support? Select all that apply';
  const deletion = 'Do you provide a way for users to request that their data is deleted?';
  const { accounts } = practices;

  row(
    'PSL_DATA_COLLECTION_COLLECTS_PERSONAL_DATA',
    '',
    String(answers.size > 0),
    'REQUIRED',
    'Does your app collect or share any of the required user data types?',
  );
  row(
    'PSL_DATA_COLLECTION_ENCRYPTED_IN_TRANSIT',
    '',
    String(practices.encryptedInTransit),
    'MAYBE_REQUIRED',
    'Is all of the user data collected by your app encrypted in transit?',
  );
  for (const [method, [id, label]] of Object.entries(playAccountCreation))
    row(
      'PSL_SUPPORTED_ACCOUNT_CREATION_METHODS',
      id,
      accounts.creation === method,
      'MULTIPLE_CHOICE',
      `${methods}/${label}`,
    );
  row(
    'PSL_ACM_SPECIFY',
    '',
    accounts.creation === 'other' ? accounts.describe : undefined,
    'MAYBE_REQUIRED',
    'Describe the method of account creation that your app supports',
  );
  const withAccounts = accounts.creation !== 'none';
  row(
    'PSL_ACCOUNT_DELETION_URL',
    '',
    withAccounts && deletionUrl,
    'MAYBE_REQUIRED',
    'Add a link that users can use to request that their account and associated data be deleted',
  );
  row('PSL_SUPPORT_DATA_DELETION_BY_USER', 'DATA_DELETION_YES', true, 'SINGLE_CHOICE', `${deletion}/Yes`);
  row('PSL_SUPPORT_DATA_DELETION_BY_USER', 'DATA_DELETION_NO', false, 'SINGLE_CHOICE', `${deletion}/No`);
  row(
    'PSL_SUPPORT_DATA_DELETION_BY_USER',
    'DATA_DELETION_NO_AUTO_DELETED',
    false,
    'SINGLE_CHOICE',
    `${deletion}/No, but user data is automatically deleted within 90 days`,
  );
  row('PSL_DATA_DELETION_URL', '', dataDeletionUrl, 'MAYBE_REQUIRED', 'Delete data URL');
  // Newer templates ask this; Play refuses an answer when accounts are created in the app, so it stays blank then.
  const outside = 'Can users login to your app with accounts created outside of the app?';
  row(
    'PSL_HAS_OUTSIDE_APP_ACCOUNTS',
    '',
    accounts.outsideApp || (withAccounts ? undefined : 'false'),
    'OPTIONAL',
    outside,
  );
  row(
    'PSL_DATA_COLLECTION_COMPLIES_FAMILY_POLICY',
    '',
    undefined,
    'OPTIONAL',
    "Only answer this question if you've indicated that your app's target age group includes children, or you've opted into the Designed for Families programme. If either of the above is true, you are required to follow the Google Play Families policy (https://support.google.com/googleplay/android-developer/answer/9893335). Do you want to let users know about this commitment in the Data safety section on your Store Listing?",
  );
  row(
    'PSL_INDEPENDENTLY_VALIDATED',
    '',
    undefined,
    'OPTIONAL',
    'Has your app successfully completed an independent security review, according to the Mobile Application Security Assessment (MASA) framework? Only answer ‘yes’ if the review is in good standing.',
  );
  row('PSL_UPI_BADGE_OPT_IN', '', undefined, 'OPTIONAL', 'Do you want to show this badge on your store listing?');

  const types = sections.flatMap(([sectionId, section, list]) =>
    list.map(([type, id]) => ({ sectionId, section, type, id, answers: answers.get(`${section} / ${type}`) })),
  );
  for (const { sectionId, section, type, id, answers: given } of types)
    row(sectionId, id, given !== undefined, 'MULTIPLE_CHOICE', `${section}/${type}`);
  for (const { type, id, answers: given } of types) {
    const question = (name: string) => `PSL_DATA_USAGE_RESPONSES:${id}:${name}`;
    const label = `Data usage and handling (${type})`;
    const both = `${label}/Is this data collected, shared or both?`;
    row(
      question('PSL_DATA_USAGE_COLLECTION_AND_SHARING'),
      'PSL_DATA_USAGE_ONLY_COLLECTED',
      given !== undefined,
      'MULTIPLE_CHOICE',
      `${both}/Collected`,
    );
    row(
      question('PSL_DATA_USAGE_COLLECTION_AND_SHARING'),
      'PSL_DATA_USAGE_ONLY_SHARED',
      Boolean(given?.sharedWith.length),
      'MULTIPLE_CHOICE',
      `${both}/Shared`,
    );
    row(
      question('PSL_DATA_USAGE_EPHEMERAL'),
      '',
      given && String(given.ephemeral),
      'MAYBE_REQUIRED',
      `${label}/Is this data processed ephemerally?`,
    );
    const control = `${label}/Is this data required for your app, or can users choose whether it's collected?`;
    row(
      question('DATA_USAGE_USER_CONTROL'),
      'PSL_DATA_USAGE_USER_CONTROL_OPTIONAL',
      given?.optional,
      'SINGLE_CHOICE',
      `${control}/Users can choose whether this data is collected`,
    );
    row(
      question('DATA_USAGE_USER_CONTROL'),
      'PSL_DATA_USAGE_USER_CONTROL_REQUIRED',
      given && !given.optional,
      'SINGLE_CHOICE',
      `${control}/Data collection is required (users can't turn off this data collection)`,
    );
    for (const [kind, chosen] of [
      ['collected', given?.collectionPurposes ?? []],
      ['shared', given?.sharingPurposes ?? []],
    ] as const) {
      const name = kind === 'collected' ? 'DATA_USAGE_COLLECTION_PURPOSE' : 'DATA_USAGE_SHARING_PURPOSE';
      for (const [purpose, purposeId, purposeLabel] of purposes)
        row(
          question(name),
          purposeId,
          chosen.includes(purpose as never),
          'MULTIPLE_CHOICE',
          `${label}/Why is this user data ${kind}? Select all that apply./${purposeLabel}`,
        );
    }
  }
  return [header, ...rows].map((each) => each.map(field).join(',')).join('\n') + '\n';
}
