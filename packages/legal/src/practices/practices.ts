/**
 * The data-practices file (src/content/legal/data-practices.yaml): what the app and the website collect and do with
 * it, validated here. The privacy policy's lists and tables (policyBlocks.ts) and both store labels
 * (storeLabels.ts) are views of this one parsed value, so no two of them can disagree.
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { featureNames, type Feature, type Features, rawHtmlInTexts, rawHtmlLines } from '../host.ts';

const key = z
  .string('a key in kebab-case, like search-history')
  .regex(/^[a-z][a-z0-9-]*$/, 'a key in kebab-case, like search-history');
const text = z.string('a text').trim().min(1, 'a non-empty text');
const keys = z.array(key, 'a list of keys, like [hosting, sms]');

/** App Store Connect's data type ids (fastlane's spaceship AppDataUsageCategory), which the upload accepts. */
export const appStoreCategories = [
  'NAME',
  'EMAIL_ADDRESS',
  'PHONE_NUMBER',
  'PHYSICAL_ADDRESS',
  'OTHER_CONTACT_INFO',
  'HEALTH',
  'FITNESS',
  'PAYMENT_INFORMATION',
  'CREDIT_AND_FRAUD',
  'OTHER_FINANCIAL_INFO',
  'PRECISE_LOCATION',
  'COARSE_LOCATION',
  'SENSITIVE_INFO',
  'CONTACTS',
  'EMAILS_OR_TEXT_MESSAGES',
  'PHOTOS_OR_VIDEOS',
  'AUDIO',
  'GAMEPLAY_CONTENT',
  'CUSTOMER_SUPPORT',
  'OTHER_USER_CONTENT',
  'BROWSING_HISTORY',
  'SEARCH_HISTORY',
  'USER_ID',
  'DEVICE_ID',
  'PURCHASE_HISTORY',
  'PRODUCT_INTERACTION',
  'ADVERTISING_DATA',
  'OTHER_USAGE_DATA',
  'CRASH_DATA',
  'PERFORMANCE_DATA',
  'OTHER_DIAGNOSTIC_DATA',
  'OTHER_DATA',
] as const;
export const appStorePurposes = [
  'THIRD_PARTY_ADVERTISING',
  'DEVELOPERS_ADVERTISING',
  'ANALYTICS',
  'PRODUCT_PERSONALIZATION',
  'APP_FUNCTIONALITY',
  'OTHER_PURPOSES',
] as const;

/** Google Play's Data safety data types, by their section ("Personal info / Name"). */
export const playDataTypes = {
  Location: ['Approximate location', 'Precise location'],
  'Personal info': [
    'Name',
    'Email address',
    'User IDs',
    'Address',
    'Phone number',
    'Race and ethnicity',
    'Political or religious beliefs',
    'Sexual orientation',
    'Other info',
  ],
  'Financial info': ['User payment info', 'Purchase history', 'Credit score', 'Other financial info'],
  'Health and fitness': ['Health info', 'Fitness info'],
  Messages: ['Emails', 'SMS or MMS', 'Other in-app messages'],
  'Photos and videos': ['Photos', 'Videos'],
  'Audio files': ['Voice or sound recordings', 'Music files', 'Other audio files'],
  'Files and docs': ['Files and docs'],
  Calendar: ['Calendar events'],
  Contacts: ['Contacts'],
  'App activity': [
    'App interactions',
    'In-app search history',
    'Installed apps',
    'Other user-generated content',
    'Other actions',
  ],
  'Web browsing': ['Web browsing history'],
  'App info and performance': ['Crash logs', 'Diagnostics', 'Other app performance data'],
  'Device or other IDs': ['Device or other IDs'],
} as const;
const playTypeNames = Object.entries(playDataTypes).flatMap(([section, types]) =>
  types.map((t) => `${section} / ${t}`),
);
export const playPurposes = [
  'App functionality',
  'Analytics',
  'Developer communications',
  'Advertising or marketing',
  'Fraud prevention, security, and compliance',
  'Personalization',
  'Account management',
] as const;

/**
 * Store data types that are sensitive under the law the policy answers to: health data (Washington's My Health My
 * Data Act, Nevada SB 370), and CPRA sensitive personal information (precise geolocation, religion, race, sexual
 * orientation, the contents of messages not addressed to us). A kind declared as one in a label must be that kind in
 * the policy too (its `sensitive` field), or the label says more than the policy.
 */
const sensitiveStoreTypes: Record<string, 'health' | 'cpra'> = {
  HEALTH: 'health',
  'Health and fitness / Health info': 'health',
  SENSITIVE_INFO: 'cpra',
  PRECISE_LOCATION: 'cpra',
  'Location / Precise location': 'cpra',
  'Personal info / Race and ethnicity': 'cpra',
  'Personal info / Political or religious beliefs': 'cpra',
  'Personal info / Sexual orientation': 'cpra',
  EMAILS_OR_TEXT_MESSAGES: 'cpra',
  'Messages / Emails': 'cpra',
  'Messages / SMS or MMS': 'cpra',
  'Messages / Other in-app messages': 'cpra',
};

/** Google Play's account-creation answers, by the data file's name: the Console's response id and label, in order. */
export const playAccountCreation = {
  'username-password': ['PSL_ACM_USER_ID_PASSWORD', 'Username and password'],
  'username-other-auth': ['PSL_ACM_USER_ID_OTHER_AUTH', 'Username and other authentication'],
  'username-password-other-auth': [
    'PSL_ACM_USER_ID_PASSWORD_OTHER_AUTH',
    'Username, password and other authentication',
  ],
  oauth: ['PSL_ACM_OAUTH', 'OAuth'],
  other: ['PSL_ACM_OTHER', 'Other'],
  none: ['PSL_ACM_NONE', 'My app does not allow users to create an account'],
} as const;
const accountCreationNames = Object.keys(playAccountCreation) as (keyof typeof playAccountCreation)[];

/** The EU legal bases a kind of data may rest on; their words are in src/content/legal/wording.yaml. */
export const euBases = ['contract', 'consent', 'explicit-consent', 'legitimate-interests', 'legal-obligation'] as const;

export const ccpaCategories = [
  'Identifiers',
  'Characteristics of protected classifications',
  'Commercial information',
  'Biometric information',
  'Internet or other electronic network activity',
  'Geolocation data',
  'Audio, electronic, visual or similar information',
  'Professional or employment-related information',
  'Education information',
  'Inferences',
  'Sensitive personal information',
] as const;

/** Where data comes from; their words are in src/content/legal/wording.yaml. */
export const sources = ['you', 'device', 'friends', 'derived'] as const;

const entry = z
  .object({
    id: key,
    label: text,
    /** What it covers, shown after the label. */
    detail: text.optional(),
    /** The heading the "what we collect" list puts it under. */
    group: text,
    /** Data of this website, which no app store label covers. */
    scope: z.enum(['app', 'website']).default('app'),
    /**
     * Data only the app on that platform collects: `android` is left out of the pages and the labels while the config
     * has no Android app (`androidPackage`), as the pages then say the app runs on iPhone (`forApp`).
     */
    platform: z.enum(['android'], 'android, or no platform').optional(),
    /** Data only a feature of the app collects (src/config/features.ts): left out while the app lacks it. */
    feature: z.enum(featureNames, `one of ${featureNames.join(', ')}`).optional(),
    source: z.array(z.enum(sources), `a list of ${sources.join(', ')}`).min(1),
    required: z.boolean('true or false').default(false),
    /** The consent (a key of `consents`) that turns it on: it is then optional. */
    consent: key.optional(),
    purposes: keys.min(1, 'at least one purpose'),
    /**
     * What the pages promise it is never used for (keys of `never`): the sentence that says what it is used for is
     * rendered from `purposes` and these (policyBlocks.ts, `uses`), and no store label may give it a purpose they deny.
     */
    never: keys.default([]),
    recipients: keys,
    linked: z.boolean('true or false'),
    tracking: z.boolean('true or false'),
    /**
     * Whose AI models it trains: `own` (ours), `provider` (a recipient's that trains on what it receives); none by
     * default. The privacy policy says it in one sentence (`{{practices.modelTraining}}`).
     */
    trains: z.array(z.enum(['own', 'provider']), 'a list of own, provider').default([]),
    retention: key,
    sensitive: z.array(z.enum(['cpra', 'gdpr-art9', 'health']), 'a list of cpra, gdpr-art9, health').default([]),
    euBasis: z.enum(euBases, `one of ${euBases.join(', ')}`),
    ccpa: z.enum(ccpaCategories, `one of California's category names: ${ccpaCategories.join(', ')}`),
    appStore: z.array(z.enum(appStoreCategories, `App Store Connect data types, like NAME or PRECISE_LOCATION`)),
    play: z.array(
      z.enum(playTypeNames as [string], 'Google Play data types written "Section / Type", like "Personal info / Name"'),
    ),
    /** The Spanish form of its words, for the Spanish pages (localize.ts). */
  })
  .strict();

/** "Search history" -> "search history", in a sentence. */
const lower = (label: string) =>
  /^\p{Lu}\p{Ll}/u.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;

export const dataPracticesSchema = z
  .object({
    encryptedInTransit: z.boolean('true or false'),
    purposes: z.record(
      key,
      z
        .object({
          label: text,
          /** A few words for it, where a table names it. */
          short: text,
          appStore: z.array(z.enum(appStorePurposes)).min(1),
          play: z.array(z.enum(playPurposes)).min(1),
        })
        .strict(),
    ),
    /**
     * What the pages promise a kind of data is never used for (an entry's `never`): `label` is the words the pages say
     * it with, `appStore` and `play` the stores' purposes it rules out, which no label may then give that kind.
     */
    never: z
      .record(
        key,
        z
          .object({
            label: text,
            appStore: z.array(z.enum(appStorePurposes)).default([]),
            play: z.array(z.enum(playPurposes)).default([]),
          })
          .strict(),
      )
      .default({}),
    recipients: z.record(
      key,
      z
        .object({
          label: text,
          /** A provider the config names, as a {{token}}. */
          name: text.optional(),
          kind: z.enum(
            ['service-provider', 'other-users', 'third-party'],
            'service-provider, other-users or third-party',
          ),
          /** Why it is of that kind, where that is a judgement (its contract or terms decide). */
          why: text.optional(),
          /** The app asks before it sends this recipient anything. */
          askFirst: z.boolean().default(false),
          /** Our own storage: it keeps only what we keep, and deletes what we delete. */
          ours: z.boolean().default(false),
          /**
           * Whether it keeps what it receives: false, or for how long and why. Data a recipient keeps is collected in
           * the App Store's sense and not processed ephemerally in Google Play's, whatever we keep ourselves.
           */
          keeps: z.union([z.literal(false), text], 'false, or for how long and why it keeps what it receives'),
          /** What it receives data for: a kind of data sent to it must serve one of these (checked below). */
          purposes: keys.min(1, 'at least one purpose'),
          /** A recipient only a feature of the app sends data to: left out, and off every list, while it lacks it. */
          feature: z.enum(featureNames, `one of ${featureNames.join(', ')}`).optional(),
          /** It trains its own AI models on what it receives: a use for itself, so it is a third party. */
          trains: z.boolean('true or false').default(false),
        })
        .strict(),
    ),
    consents: z.record(
      key,
      z
        .object({
          label: text,
          withdraw: text,
          /** A consent only a feature of the app asks for: off every list while it lacks it. */
          feature: z.enum(featureNames, `one of ${featureNames.join(', ')}`).optional(),
        })
        .strict(),
    ),
    retention: z.record(
      key,
      z
        .object({
          /** How long we keep it, while the account is open. */
          label: text,
          /** Kept only in memory for the request, by us: what Google Play calls processed ephemerally. */
          ephemeral: z.boolean().default(false),
          /** Deleted with the account, or kept after it: the privacy policy's deletion promise follows this. */
          afterAccount: z.enum(['deleted', 'kept'], 'deleted or kept'),
          /** Why it is kept after the account is deleted. */
          reason: text.optional(),
        })
        .strict(),
    ),
    /** Days our backups keep deleted data before they are overwritten; the deletion promise quotes it. */
    backupDays: z.int('a whole number of days').positive(),
    /** Google Play's account questions: how accounts are created, and whether outside accounts sign in. */
    accounts: z
      .object({
        creation: z.enum(accountCreationNames, `one of ${accountCreationNames.join(', ')}`),
        /** Play's "Describe the method of account creation", for `other`. */
        describe: text.optional(),
        /** Whether people sign in with accounts made outside the app (Play refuses an answer when none are). */
        outsideApp: z.boolean('true or false'),
      })
      .strict(),
    data: z.array(entry).min(1, 'at least one kind of data'),
  })
  .strict()
  .superRefine((file, ctx) => {
    for (const [id, recipient] of Object.entries(file.recipients)) {
      // Training its own models on what it receives is a use for itself: both labels must show it as shared.
      if (recipient.trains && recipient.kind !== 'third-party')
        ctx.addIssue({
          code: 'custom',
          path: ['recipients', id, 'kind'],
          input: recipient.kind,
          message: `third-party: recipients.${id}.trains is true, and a recipient that trains its models on what it receives uses it for its own purposes (Google Play: shared)`,
        });
      recipient.purposes.forEach((value, i) => {
        if (!Object.hasOwn(file.purposes, value))
          ctx.addIssue({
            code: 'custom',
            path: ['recipients', id, 'purposes', i],
            input: value,
            message: `one of the purposes keys: ${Object.keys(file.purposes).join(', ')}`,
          });
      });
    }
    const lists = {
      purposes: file.purposes,
      never: file.never,
      recipients: file.recipients,
      retention: file.retention,
      consents: file.consents,
    };
    file.data.forEach((item, index) => {
      const refer = (field: keyof typeof lists, value: string, at: (string | number)[]) => {
        if (!Object.hasOwn(lists[field], value)) {
          ctx.addIssue({
            code: 'custom',
            path: ['data', index, ...at],
            input: value,
            message: `one of the ${field} keys: ${Object.keys(lists[field]).join(', ')}`,
          });
        }
      };
      const issue = (path: (string | number)[], input: unknown, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['data', index, ...path], input, message });
      // The promises the policy makes from these fields, which the data must not contradict.
      const rule = file.retention[item.retention];
      if (item.linked && rule?.afterAccount === 'kept' && !rule.reason) {
        issue(
          ['retention'],
          item.retention,
          `a retention rule with a reason (retention.${item.retention}.reason): it is kept after account deletion, and the policy must say why`,
        );
      }
      item.recipients.forEach((id, i) => {
        if (rule?.ephemeral && file.recipients[id]?.keeps) {
          issue(
            ['recipients', i],
            id,
            `a recipient that keeps nothing: retention "${item.retention}" is ephemeral, but recipients.${id}.keeps is "${file.recipients[id]!.keeps}" (choose a retention that is not ephemeral)`,
          );
        }
      });
      // The policy's sentence on model training follows `trains`: a provider's, only through a recipient that trains.
      const trainers = item.recipients.filter((id) => file.recipients[id]?.trains);
      if (trainers.length && !item.trains.includes('provider'))
        issue(
          ['trains'],
          item.trains,
          `a list with provider: it goes to ${trainers.join(', ')}, which trains its models on what it receives (recipients.${trainers[0]}.trains)`,
        );
      if (!trainers.length && item.trains.includes('provider'))
        issue(
          ['trains'],
          item.trains,
          `no provider: none of its recipients (${item.recipients.join(', ')}) trains its models (trains: true on the one that does)`,
        );
      // A recipient gets a kind only for a purpose both list: the text-message provider, for one, only sign-in codes.
      item.recipients.forEach((id, i) => {
        const recipient = file.recipients[id];
        if (recipient && !item.purposes.some((purpose) => recipient.purposes.includes(purpose))) {
          issue(
            ['recipients', i],
            id,
            `a recipient whose purposes include one of this entry's (${item.purposes.join(', ')}): recipients.${id}.purposes lists only ${recipient.purposes.join(', ')} (remove the recipient, or list the purpose there if it is true)`,
          );
        }
      });
      // What a store label declares, the policy says: each sensitive store type is that kind of sensitive data here.
      for (const [field, types] of [
        ['appStore', item.appStore],
        ['play', item.play],
      ] as const) {
        for (const type of types) {
          const kind = sensitiveStoreTypes[type];
          if (kind && !item.sensitive.includes(kind))
            issue(
              ['sensitive'],
              item.sensitive,
              `a list with ${kind}: ${field} declares ${type}, which the privacy policy must list as ${kind === 'health' ? 'health data' : 'sensitive information'} too`,
            );
        }
      }
      // What the policy lists, a label declares (website data excepted: no store label covers it).
      if (item.scope === 'app' && (!item.appStore.length || !item.play.length))
        issue(
          [item.appStore.length ? 'play' : 'appStore'],
          [],
          'at least one store data type: the privacy policy lists this kind of app data, so both store labels declare it',
        );
      item.purposes.forEach((value, i) => refer('purposes', value, ['purposes', i]));
      item.never.forEach((value, i) => refer('never', value, ['never', i]));
      // A purpose the pages deny is no purpose a label gives: neither this kind's own, nor, through a store data type
      // it shares, another kind's (the label names the type, not the kind).
      for (const [store, storeName] of [
        ['appStore', 'the App Store'],
        ['play', 'Google Play'],
      ] as const) {
        for (const denial of item.never) {
          for (const denied of file.never[denial]?.[store] ?? []) {
            const says = `the pages say ${lower(item.label)} is "${file.never[denial]!.label}" (never.${denial}), which rules out ${denied} on ${storeName}`;
            item.purposes.forEach((purpose, i) => {
              if (file.purposes[purpose]?.[store].includes(denied as never))
                issue(
                  ['purposes', i],
                  purpose,
                  `a purpose whose ${store} purposes leave out ${denied}: ${says}, but purposes.${purpose}.${store} lists it (give this kind a purpose that is true of it, or drop never.${denial} from the pages if the kind is used so)`,
                );
            });
            if (item.scope !== 'app') continue;
            for (const type of item[store]) {
              for (const other of file.data) {
                if (other === item || other.scope !== 'app' || !(other[store] as string[]).includes(type)) continue;
                const from = other.purposes.find((purpose) =>
                  file.purposes[purpose]?.[store].includes(denied as never),
                );
                if (from)
                  issue(
                    [store, (item[store] as string[]).indexOf(type)],
                    type,
                    `a store data type whose label leaves out ${denied}: ${says}, but ${storeName}'s label gives ${type} that purpose from data entry "${other.id}" (purposes.${from}); declare the two kinds as different types, or change one`,
                  );
              }
            }
          }
        }
      }
      item.recipients.forEach((value, i) => refer('recipients', value, ['recipients', i]));
      refer('retention', item.retention, ['retention']);
      if (item.consent) refer('consents', item.consent, ['consent']);
      // A consent of a feature goes with it: data that outlives the switch would name a consent no page explains.
      const consentFeature = item.consent && file.consents[item.consent]?.feature;
      if (consentFeature && item.feature !== consentFeature) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', index, 'consent'],
          input: item.consent,
          message: `a consent this entry's feature brings: consents.${item.consent} is of feature ${consentFeature}, so the entry needs feature: ${consentFeature}`,
        });
      }
      if (item.consent && item.required) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', index, 'required'],
          input: true,
          message: 'false, or no consent: data a consent turns on is optional',
        });
      }
      if (file.data.findIndex((other) => other.id === item.id) !== index) {
        ctx.addIssue({
          code: 'custom',
          path: ['data', index, 'id'],
          input: item.id,
          message: 'an id no other entry has',
        });
      }
    });
  });

export type DataPractices = z.infer<typeof dataPracticesSchema>;
export type DataEntry = DataPractices['data'][number];

/**
 * The file as this app's: its kinds of data on the platforms it is on (`android` ones only with an Android app), and
 * with the features it has (src/config/features.ts): a kind of data or a recipient of a feature it lacks is left out,
 * and so are the store labels and the sentences made from them.
 */
export const forApp = (
  practices: DataPractices,
  { android, features }: { android: boolean; features: Features },
): DataPractices => {
  const has = ({ feature }: { feature?: Feature | undefined }) => !feature || features[feature];
  const recipients = Object.fromEntries(Object.entries(practices.recipients).filter(([, recipient]) => has(recipient)));
  const consents = Object.fromEntries(Object.entries(practices.consents).filter(([, consent]) => has(consent)));
  return {
    ...practices,
    recipients,
    consents,
    data: practices.data
      .filter((entry) => (entry.platform !== 'android' || android) && has(entry))
      .map((entry) => ({ ...entry, recipients: entry.recipients.filter((id) => id in recipients) })),
  };
};

export class DataPracticesError extends Error {
  override name = 'DataPracticesError';
}

/** Parses and validates the file's text; every error names the file, the entry, the field, the value and the form. */
export function parseDataPractices(source: string, file: string): DataPractices {
  let raw: unknown;
  try {
    raw = parseYaml(source);
  } catch (error) {
    throw new DataPracticesError(`${file} is not valid YAML: ${(error as Error).message}`);
  }
  // Its words reach the legal pages as Markdown: no raw HTML in them.
  const html = rawHtmlInTexts(raw, source);
  if (html.length) throw new DataPracticesError(`Raw HTML in ${file}:\n${rawHtmlLines(html, file).join('\n')}`);
  const result = dataPracticesSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const [top, index, ...rest] = issue.path;
    const id = top === 'data' && typeof index === 'number' ? (raw as DataPractices).data[index]?.id : undefined;
    const where = id ? `data entry "${id}", field ${rest.join('.') || '(entry)'}` : issue.path.join('.') || '(file)';
    const value = valueAt(raw, issue.path);
    return `  - ${where} is ${value === undefined ? 'missing' : JSON.stringify(value)}; expected ${issue.message.replace(/^Invalid (input|option): expected /, '')}`;
  });
  throw new DataPracticesError(`Invalid data practices in ${file}:\n${lines.join('\n')}`);
}

const valueAt = (root: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>(
    (value, step) => (value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[step] : undefined),
    root,
  );
