/**
 * The App Store and Google Play privacy labels come from the data-practices file the privacy policy is rendered from:
 * a kind of data added there reaches both labels, and Play's "shared" follows the recipients' kinds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseDataPractices, type DataPractices } from '../../src/lib/dataPractices/practices.ts';
import { appPrivacyDetails, dataSafetyMarkdown } from '../../src/lib/dataPractices/storeLabels.ts';

const root = join(import.meta.dirname, '../..');
const file = 'src/content/legal/data-practices.yaml';
const text = readFileSync(join(root, file), 'utf8');
const urls = { privacyUrl: 'https://example.com/privacy', deletionUrl: 'https://example.com/privacy#delete-account' };

/** The real file with `edit` applied to its parsed form, validated again. */
const edited = (edit: (raw: { data: object[]; recipients: Record<string, object> }) => void): DataPractices => {
  const raw = parse(text);
  edit(raw);
  return parseDataPractices(stringify(raw), 'fixture.yaml');
};
/** One more kind of data: contacts, to invite friends, kept by our host only (so not shared in Play's sense). */
const contacts = parse(`{ id: contacts, label: Contacts, detail: to invite friends, group: Friends, source: [device],
  required: false, purposes: [sharing], recipients: [hosting], linked: true, tracking: false, retention: account,
  euBasis: consent, ccpa: Identifiers, appStore: [CONTACTS], play: [Contacts / Contacts] }`) as object;

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
  it('one more kind of data (contacts) appears in both, not shared', () => {
    const practices = edited((raw) => raw.data.push(contacts));
    expect(categories(practices)).toContain('CONTACTS');
    expect(categories(parseDataPractices(text, file))).not.toContain('CONTACTS');
    const block = playBlock(dataSafetyMarkdown(practices, urls), 'Contacts', 'Contacts');
    expect(block).toContain('- Shared: No');
    expect(block).toContain('- Required or optional: Optional');
    expect(block).toContain('- Purposes of collection: App functionality');
  });

  it('a third-party recipient makes the types it receives "shared", and only those', () => {
    const practices = edited((raw) => {
      raw.recipients.broker = { label: 'Data partner', kind: 'third-party' };
      const search = raw.data.find((entry) => 'id' in entry && entry.id === 'search-history') as {
        recipients: string[];
      };
      search.recipients.push('broker');
    });
    const markdown = dataSafetyMarkdown(practices, urls);
    expect(playBlock(markdown, 'App activity', 'In-app search history')).toContain('- Shared: Yes (with Data partner)');
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

it('npm run store-labels writes both files, and they parse', () => {
  const out = mkdtempSync(join(tmpdir(), 'store-labels-'));
  try {
    const printed = execFileSync(process.execPath, ['scripts/store-labels.ts', '--out', out], { cwd: root });
    expect(String(printed)).toContain('app-privacy-details.json');
    const json = JSON.parse(readFileSync(join(out, 'app-privacy-details.json'), 'utf8')) as { category: string }[];
    expect(json.map((detail) => detail.category)).toContain('NAME');
    expect(readFileSync(join(out, 'data-safety.md'), 'utf8')).toMatch(/^# Google Play Data safety answers\n/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
