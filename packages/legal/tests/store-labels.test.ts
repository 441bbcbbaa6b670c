/**
 * The App Store and Google Play privacy labels come from the data-practices file the privacy policy is rendered from:
 * a kind of data added there reaches both labels, and Play's "shared" follows the recipients' kinds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { fieldsAtExampleValues, loadConfig } from '../../../src/config/index.ts';
import { parseDataPractices, type DataPractices } from '../src/practices/practices.ts';
import { dataSafetyCsv } from '../src/labels/playCsv.ts';
import { appPrivacyDetails, dataSafetyMarkdown, type AppPrivacyDetail } from '../src/labels/storeLabels.ts';

const root = join(import.meta.dirname, '../../..');
const file = 'src/content/legal/data-practices.yaml';
const text = readFileSync(join(root, file), 'utf8');
const urls = {
  privacyUrl: 'https://example.com/privacy',
  deletionUrl: 'https://example.com/privacy#delete-account',
  dataDeletionUrl: 'https://example.com/privacy#delete-data',
};

/** The real file with `edit` applied to its parsed form, validated again. */
const edited = (edit: (raw: { data: object[]; recipients: Record<string, object> }) => void): DataPractices => {
  const raw = parse(text);
  edit(raw);
  return parseDataPractices(stringify(raw), 'fixture.yaml');
};
/** One more kind of data: voice notes, to describe a place, kept by our host only (so not shared in Play's sense). */
const voiceNotes = parse(`{ id: voice-notes, label: Voice notes, detail: to describe a place, group: What you post,
  source: [you], required: false, purposes: [sharing], recipients: [hosting], linked: true, tracking: false,
  retention: content, euBasis: consent, ccpa: 'Audio, electronic, visual or similar information', appStore: [AUDIO],
  play: [Audio files / Voice or sound recordings] }`) as object;

/** The lines Play's `type` gets under its `section` heading, or undefined when it is not listed there. */
function playBlock(markdown: string, section: string, type: string): string | undefined {
  const sectionText = markdown.split(/^### /m).find((part) => part.startsWith(`${section}\n`));
  return sectionText
    ?.split(/^#### /m)
    .slice(1)
    .find((part) => part.startsWith(`${type}\n`));
}

const categories = (practices: DataPractices) => appPrivacyDetails(practices).map((detail) => detail.category);

describe('store labels from the real data-practices file', () => {
  const practices = parseDataPractices(text, file);
  const details = appPrivacyDetails(practices);
  const markdown = dataSafetyMarkdown(practices, urls);

  it("declares the app's data in App Store Connect's ids, sorted, nothing used to track", () => {
    const expected = ['NAME', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'PRECISE_LOCATION', 'SEARCH_HISTORY'];
    expected.push('PRODUCT_INTERACTION', 'PHOTOS_OR_VIDEOS', 'CRASH_DATA', 'OTHER_DATA');
    expect(categories(practices)).toEqual(expect.arrayContaining(expected));
    expect(categories(practices)).toEqual([...categories(practices)].sort());
    expect(details.filter((detail) => detail.data_protections.includes('DATA_USED_TO_TRACK_YOU'))).toEqual([]);
    expect(details.find((detail) => detail.category === 'HEALTH')?.data_protections).toEqual(['DATA_LINKED_TO_YOU']);
  });

  it('lists each Play type of the file under its section, and no website data', () => {
    const types = practices.data.filter((entry) => entry.scope === 'app').flatMap((entry) => entry.play);
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      const [section, name] = type.split(' / ') as [string, string];
      expect(playBlock(markdown, section, name), type).toContain('- Collected: Yes');
    }
    expect(markdown).not.toContain('Website monitoring');
    expect(markdown).toContain(urls.deletionUrl);
  });
});

describe('a change to the data-practices file changes both labels', () => {
  it('one more kind of data (voice notes) appears in both, not shared', () => {
    const practices = edited((raw) => raw.data.push(voiceNotes));
    expect(categories(practices)).toContain('AUDIO');
    expect(categories(parseDataPractices(text, file))).not.toContain('AUDIO');
    const block = playBlock(dataSafetyMarkdown(practices, urls), 'Audio files', 'Voice or sound recordings');
    expect(block).toContain('- Shared: No');
    expect(block).toContain('- Required or optional: Optional');
    expect(block).toContain('- Purposes of collection: App functionality');
  });

  it('a third-party recipient makes the types it receives "shared", and only those', () => {
    const practices = edited((raw) => {
      const search = raw.data.find((entry) => 'id' in entry && entry.id === 'search-history') as {
        recipients: string[];
        purposes: string[];
      };
      raw.recipients.broker = {
        label: 'Data partner',
        kind: 'third-party',
        keeps: 'for a year',
        purposes: search.purposes,
      };
      search.recipients.push('broker');
    });
    const markdown = dataSafetyMarkdown(practices, urls);
    expect(playBlock(markdown, 'App activity', 'In-app search history')).toMatch(/- Shared: Yes \(with Data partner; /);
    expect(playBlock(markdown, 'App activity', 'In-app search history')).toContain('- Purposes of sharing:');
    expect(playBlock(markdown, 'App activity', 'App interactions')).toContain('- Shared: No');
  });

  it('website data is no part of the app: with only that, the app collects nothing', () => {
    const practices = edited((raw) => {
      const website = raw.data.filter((entry) => 'scope' in entry);
      raw.data = website.map((entry) => ({
        ...entry,
        appStore: ['CRASH_DATA'],
        play: ['App info and performance / Crash logs'],
      }));
    });
    expect(appPrivacyDetails(practices)).toEqual([{ data_protections: ['DATA_NOT_COLLECTED'] }]);
    expect(dataSafetyMarkdown(practices, urls)).toContain('collect or share any of the required user data types? No');
  });
});

describe('collected for Apple and ephemeral for Google Play, from one fact', () => {
  const ephemeralIn = (practices: DataPractices, type: string) =>
    dataSafetyCsv(practices, urls).includes(`PSL_DATA_USAGE_RESPONSES:${type}:PSL_DATA_USAGE_EPHEMERAL,,true,`);

  it('precise location, which the places provider keeps, is collected for Apple and not ephemeral for Play', () => {
    const practices = parseDataPractices(text, file);
    expect(categories(practices)).toContain('PRECISE_LOCATION');
    expect(playBlock(dataSafetyMarkdown(practices, urls), 'Location', 'Precise location')).toContain(
      '- Processed ephemerally: No',
    );
    expect(ephemeralIn(practices, 'PSL_PRECISE_LOCATION')).toBe(false);
  });

  it('data no one keeps is left out of the App Store label and is ephemeral for Play', () => {
    const practices = edited((raw) => {
      const location = raw.data.find((entry) => 'id' in entry && entry.id === 'precise-location') as object;
      Object.assign(location, { retention: 'not-stored', recipients: [] });
    });
    expect(categories(practices)).not.toContain('PRECISE_LOCATION');
    expect(ephemeralIn(practices, 'PSL_PRECISE_LOCATION')).toBe(true);
  });
});

/** CSV rows as [question id, response id, value]; quoted fields may hold commas. */
const csvRows = (csv: string) =>
  csv
    .trim()
    .split('\n')
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map(([, cell]) => cell!.replace(/^"|"$/g, '')));

describe("Google Play's CSV, checked against a real Play Console export", () => {
  const fixture = csvRows(readFileSync(join(import.meta.dirname, 'fixtures/play-data-safety-export.csv'), 'utf8'));
  const ours = csvRows(dataSafetyCsv(parseDataPractices(text, file), urls));
  const ids = (rows: string[][]) => rows.slice(1).map(([question, response]) => `${question} ${response}`);

  it('has the header and, in the same order, every row of the export', () => {
    expect(ours[0]).toEqual(fixture[0]);
    const mine = ids(ours);
    const positions = ids(fixture).map((id) => mine.indexOf(id));
    expect(positions).not.toContain(-1);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('has no row the export does not know, but the outside-accounts question of newer exports', () => {
    const types = new Set(fixture.filter(([question]) => question!.startsWith('PSL_DATA_TYPES_')).map((row) => row[1]));
    const known = new Set(ids(fixture).map((id) => id.replace(/^(PSL_DATA_USAGE_RESPONSES:)[A-Z_]+(:)/, '$1*$2')));
    for (const id of ids(ours)) {
      const usage = /^PSL_DATA_USAGE_RESPONSES:([A-Z_]+):/.exec(id)?.[1];
      if (usage) expect(types.has(usage), id).toBe(true);
      const general = id.replace(/^(PSL_DATA_USAGE_RESPONSES:)[A-Z_]+(:)/, '$1*$2');
      expect(known.has(general) || id === 'PSL_HAS_OUTSIDE_APP_ACCOUNTS ', id).toBe(true);
    }
  });

  it('answers the account, deletion and data questions from the data file and the config', () => {
    const value = (question: string, response = '') =>
      ours.find((row) => row[0] === question && row[1] === response)?.[2];
    expect(value('PSL_SUPPORTED_ACCOUNT_CREATION_METHODS', 'PSL_ACM_OTHER')).toBe('true');
    expect(value('PSL_ACM_SPECIFY')).toMatch(/one-time code/);
    expect(value('PSL_ACCOUNT_DELETION_URL')).toBe(urls.deletionUrl);
    expect(value('PSL_DATA_DELETION_URL')).toBe(urls.dataDeletionUrl);
    expect(value('PSL_HAS_OUTSIDE_APP_ACCOUNTS')).toBe('');
    expect(value('PSL_DATA_TYPES_HEALTH_AND_FITNESS', 'PSL_HEALTH')).toBe('true');
    expect(value('PSL_DATA_TYPES_FINANCIAL', 'PSL_PURCHASE_HISTORY')).toBe('');
    expect(
      value(
        'PSL_DATA_USAGE_RESPONSES:PSL_PRECISE_LOCATION:PSL_DATA_USAGE_COLLECTION_AND_SHARING',
        'PSL_DATA_USAGE_ONLY_SHARED',
      ),
    ).toBe('true');
  });
});

it('npm run store-labels writes the three files, warns while the site URL is an example, and they parse', () => {
  // The owner's config decides: the template's example address warns, an owner's own does not.
  const example = fieldsAtExampleValues(loadConfig()).some(({ field }) => field === 'siteUrl');
  const out = mkdtempSync(join(tmpdir(), 'store-labels-'));
  try {
    const run = spawnSync(process.execPath, ['packages/legal/src/commands/store-labels.ts', '--out', out], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('data-safety.csv');
    expect(run.stderr.includes('warning: siteUrl is still its example value')).toBe(example);
    // As fastlane's upload_app_privacy_details_to_app_store reads it: a list of category, purposes, protections.
    const json = JSON.parse(readFileSync(join(out, 'app-privacy-details.json'), 'utf8')) as AppPrivacyDetail[];
    for (const detail of json) {
      expect(Object.keys(detail).sort()).toEqual(['category', 'data_protections', 'purposes']);
      expect(detail.purposes!.length).toBeGreaterThan(0);
    }
    expect(json.map((detail) => detail.category)).toContain('NAME');
    expect(readFileSync(join(out, 'data-safety.md'), 'utf8')).toMatch(
      example ? /^> \*\*Not ready to file:\*\*[^\n]*\n\n# Google Play/ : /^# Google Play/,
    );
    expect(csvRows(readFileSync(join(out, 'data-safety.csv'), 'utf8'))[0]![0]).toBe('Question ID (machine readable)');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  // A child process that loads the config and the legal words: slow on a busy machine.
}, 30_000);

describe('the data file refuses what it contradicts, naming the entry and the field', () => {
  /** The error the real file gives with `edit` applied to the entry `id`. */
  const errorWith = (id: string, edit: (entry: Record<string, unknown>) => void) => {
    try {
      edited((raw) => edit(raw.data.find((entry) => 'id' in entry && entry.id === id) as Record<string, unknown>));
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it('a recipient sent a kind for a purpose the recipient does not list (invitations by text message)', () => {
    expect(errorWith('invitations', (entry) => (entry.recipients = ['hosting', 'sms']))).toContain(
      `data entry "invitations", field recipients.1 is "sms"; expected a recipient whose purposes include one of this entry's (invitations): recipients.sms.purposes lists only account, security`,
    );
  });

  it('a kind in a store label but not in the policy: a sensitive store type on a kind the policy does not call sensitive', () => {
    expect(errorWith('food-preferences', (entry) => (entry.appStore = ['OTHER_DATA', 'HEALTH']))).toContain(
      'data entry "food-preferences", field sensitive is missing; expected a list with health: appStore declares HEALTH, which the privacy policy must list as health data too',
    );
    expect(
      errorWith(
        'groups',
        (entry) => (entry.play = ['App activity / Other user-generated content', 'Messages / Other in-app messages']),
      ),
    ).toContain(
      'data entry "groups", field sensitive is missing; expected a list with cpra: play declares Messages / Other in-app messages, which the privacy policy must list as sensitive information too',
    );
  });

  describe('a purpose the pages deny is no purpose of a label (a sentence of the pages says it from `never`)', () => {
    /** The real file, with a denial, a purpose it rules out, and voice notes that the pages say are never so used. */
    const withDenial = (edit: (raw: { data: Record<string, unknown>[] }) => void) => {
      try {
        edited((raw) => {
          const file = raw as unknown as Record<string, Record<string, unknown>>;
          file.never = { ...file.never, 'no-tailoring': { label: 'never to tailor what you see' } };
          Object.assign(file.never['no-tailoring']!, {
            appStore: ['PRODUCT_PERSONALIZATION'],
            play: ['Personalization'],
          });
          file.purposes!.tailoring = {
            label: 'tailoring what you see',
            short: 'tailoring',
            appStore: ['APP_FUNCTIONALITY', 'PRODUCT_PERSONALIZATION'],
            play: ['App functionality', 'Personalization'],
          };
          (file.recipients!.hosting as { purposes: string[] }).purposes.push('tailoring');
          raw.data.push({ ...(voiceNotes as Record<string, unknown>), never: ['no-tailoring'] });
          edit(raw as { data: Record<string, unknown>[] });
        });
      } catch (error) {
        return (error as Error).message;
      }
      return 'no error';
    };
    const voice = (raw: { data: Record<string, unknown>[] }) => raw.data.find((entry) => entry.id === 'voice-notes')!;

    it('holds while no label gives the kind a purpose its sentence denies', () => {
      expect(withDenial(() => {})).toBe('no error');
    });

    it("stops on a purpose of the kind's own that a label turns into the denied one, in each store", () => {
      const message = withDenial((raw) => (voice(raw).purposes = ['sharing', 'tailoring']));
      expect(message).toContain(
        'data entry "voice-notes", field purposes.1 is "tailoring"; expected a purpose whose appStore purposes leave out PRODUCT_PERSONALIZATION: the pages say voice notes is "never to tailor what you see" (never.no-tailoring)',
      );
      expect(message).toContain(
        'data entry "voice-notes", field purposes.1 is "tailoring"; expected a purpose whose play purposes leave out Personalization',
      );
    });

    it('stops on another kind declared as the same store type with the denied purpose: the label names the type', () => {
      const message = withDenial((raw) =>
        raw.data.push({
          ...(voiceNotes as Record<string, unknown>),
          id: 'voice-tags',
          label: 'Voice tags',
          purposes: ['tailoring'],
        }),
      );
      expect(message).toContain(
        `data entry "voice-notes", field appStore.0 is "AUDIO"; expected a store data type whose label leaves out PRODUCT_PERSONALIZATION: the pages say voice notes is "never to tailor what you see" (never.no-tailoring), which rules out PRODUCT_PERSONALIZATION on the App Store, but the App Store's label gives AUDIO that purpose from data entry "voice-tags" (purposes.tailoring)`,
      );
      expect(message).toContain('data entry "voice-notes", field play.0 is "Audio files / Voice or sound recordings"');
    });

    it('names an unknown denial', () => {
      expect(withDenial((raw) => (voice(raw).never = ['no-such-promise']))).toContain(
        'data entry "voice-notes", field never.0 is "no-such-promise"; expected one of the never keys:',
      );
    });
  });

  it('a kind with no retention, or in the policy but in no store label', () => {
    expect(errorWith('photos', (entry) => delete entry.retention)).toContain(
      'data entry "photos", field retention is missing; expected a key in kebab-case',
    );
    expect(errorWith('photos', (entry) => (entry.play = []))).toContain(
      'data entry "photos", field play is []; expected at least one store data type',
    );
  });
});
