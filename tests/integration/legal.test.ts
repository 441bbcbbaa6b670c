/**
 * The legal compliance check, proven to bite. The site is built once into a temporary folder (the real layout around
 * the real pages); each row of the mutation table then applies one edit to a page's Markdown, renders it through the
 * real pipeline (parseLegalSource: tokens, Markdown, heading ids) and puts the result in the built page's
 * `.legal-body`, exactly where the build puts it, then runs the build's own assertion. Every edit must stop it, naming
 * the page and the clause. (A full `astro build` per edit would take an hour on a two-core machine; the one real
 * build of an edited project that must stop is tests/unit/legal-build.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuiltLegalPages, type BuiltLegalPage } from '../../src/integrations/legalCheck.ts';
import { forbiddenSentences, requiredClauses } from '../../src/lib/legal/clauses.ts';
import { legalPages, type LegalPageKind } from '../../src/lib/legal/pages.ts';
import {
  assertLegalPages,
  checklistPath,
  checkLegalPage,
  expectationsFor,
  LegalCheckError,
  type LegalExpectations,
} from '../../src/lib/legal/rules.ts';
import { parseLegalSource } from '../../src/lib/legal/source.ts';

const run = promisify(execFile);
const root = pathToFileURL(`${process.cwd()}/`);
let outDir: string;
let built: Record<LegalPageKind, BuiltLegalPage>;
const markdown = {} as Record<LegalPageKind, string>;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'legal-build-'));
  await run('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    // The host files of this build go beside it, not over the project's deploy/generated and vercel.json.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', HOST_FILES_DIR: `${outDir}-host-files` },
  });
  const pages = await readBuiltLegalPages(pathToFileURL(`${outDir}/`), root);
  built = {
    privacy: pages.find((page) => page.kind === 'privacy')!,
    terms: pages.find((page) => page.kind === 'terms')!,
  };
  for (const kind of ['privacy', 'terms'] as const) {
    markdown[kind] = await readFile(`src/content/legal/${kind}.md`, 'utf8');
  }
}, 240_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
  if (outDir) await rm(`${outDir}-host-files`, { recursive: true, force: true });
});

const bodyStart = '<div class="legal-body">';
const bodyEnd = '</div></article>';

/** The built page with its document body rendered from `source` (Markdown) by the real pipeline. */
function pageFrom(kind: LegalPageKind, source: string): { html: string; expected: LegalExpectations } {
  const file = `src/content/legal/${kind}.md`;
  const rendered = parseLegalSource(source, file);
  const html = built[kind].html;
  const start = html.indexOf(bodyStart);
  const end = html.indexOf(bodyEnd, start);
  if (start < 0 || end < 0) throw new Error(`the built ${kind} page has no ${bodyStart}…${bodyEnd}`);
  return {
    html: html.slice(0, start + bodyStart.length) + rendered.html + html.slice(end),
    expected: expectationsFor(rendered.data),
  };
}

/** The build's own assertion on both pages, `kind`'s page rendered from `source`; its message, or '' when it passes. */
function buildMessage(kind: LegalPageKind, source: string): string {
  const pages = (['privacy', 'terms'] as const).map((each) => ({
    kind: each,
    path: legalPages[each].path,
    ...(each === kind ? pageFrom(each, source) : { html: built[each].html, expected: built[each].expected }),
  }));
  try {
    assertLegalPages(pages);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(LegalCheckError);
    return (error as Error).message;
  }
}

/** Replaces exactly one occurrence, so a row can never pass because its edit silently missed. */
function replaceOnce(text: string, search: string | RegExp, replacement: string): string {
  const pattern = typeof search === 'string' ? search : new RegExp(search.source, `${search.flags.replace('g', '')}g`);
  const count = typeof pattern === 'string' ? text.split(pattern).length - 1 : (text.match(pattern) ?? []).length;
  if (count !== 1) throw new Error(`expected exactly one ${String(search)} in the Markdown, found ${count}`);
  return text.replace(search, replacement);
}
/** Adds a paragraph at the end of the section or sub-section whose heading carries `id`. */
const addTo = (id: string, sentence: string) => (md: string) =>
  replaceOnce(md, new RegExp(`(\\{ #${id} \\}\\n\\n[\\s\\S]*?)(?=\\n#{2,3} |$)`), `$1\n\n${sentence}\n`);
/** Removes everything under the heading with `id` up to the next heading of the same or a higher level. */
const emptySection = (id: string, level: 2 | 3) => (md: string) =>
  replaceOnce(md, new RegExp(`(\\{ #${id} \\}\\n)[\\s\\S]*?(?=\\n#{2,${level}} |$)`), '$1');

type Row = [edit: string, kind: LegalPageKind, apply: (md: string) => string, clause: string];

const mutations: Row[] = [
  // Terms of Service.
  [
    'rates sentence removed from the body (the summary keeps it)',
    'terms',
    (md) => replaceOnce(md, 'Message and data rates may apply. Check your mobile plan', 'Check your mobile plan'),
    'message and data rates',
  ],
  ['section "Liability" emptied, heading kept', 'terms', emptySection('liability', 2), 'liability (#liability)'],
  [
    '"Message frequency" text emptied, heading kept',
    'terms',
    emptySection('message-frequency', 3),
    'message frequency',
  ],
  [
    '"STOP does not apply to verification codes." added',
    'terms',
    addTo('codes-in-progress', 'STOP does not apply to verification codes.'),
    'STOP is always honoured',
  ],
  [
    '"cannot be opted out of mid-flow" added',
    'terms',
    addTo('stop', 'Authentication messages cannot be opted out of mid-flow.'),
    'STOP is always honoured',
  ],
  [
    'a promotional-texts sentence added',
    'terms',
    addTo('message-types', 'We may also text you promotional offers from restaurants near you.'),
    'no marketing or promotional texts',
  ],
  [
    'a security-alert sentence added (second use case)',
    'terms',
    addTo('message-types', 'We may also text you about your account, such as a security alert.'),
    'one use case (codes only)',
  ],
  [
    'REVOKE dropped from the opt-out words',
    'terms',
    (md) => replaceOnce(md, 'END, REVOKE, ', 'END, '),
    'every opt-out word honoured',
  ],
  [
    'opt-out in plain words dropped',
    'terms',
    (md) => replaceOnce(md, /, and a reply that says in plain words[^.]*\./, '.'),
    'every opt-out word honoured',
  ],
  [
    '"or ask for a new code in the app" as a way to opt back in',
    'terms',
    (md) =>
      replaceOnce(md, 'or **UNSTOP** to any message from us.', 'or **UNSTOP**, or ask for a new code in the app.'),
    'opting back in only by START',
  ],
  [
    'START and UNSTOP replaced by "contact us"',
    'terms',
    (md) => replaceOnce(md, 'reply **START** or **UNSTOP**', 'contact us'),
    're-subscribe with START or UNSTOP',
  ],
  [
    'STOP no longer bold in #stop',
    'terms',
    (md) => replaceOnce(md, 'reply **STOP** to any message from us. We', 'reply STOP to any message from us. We'),
    'STOP in bold',
  ],
  [
    'HELP no longer bold',
    'terms',
    (md) => replaceOnce(md, 'Reply **HELP**', 'Reply HELP'),
    'HELP in bold and a support email',
  ],
  [
    'support email link removed from #help',
    'terms',
    (md) =>
      replaceOnce(
        md,
        /for help, or email us at \[\{\{contactEmail\}\}\]\(mailto:\{\{contactEmail\}\}\)\./,
        'for help.',
      ),
    'HELP in bold and a support email',
  ],
  [
    'carriers sentence removed',
    'terms',
    (md) => replaceOnce(md, 'Carriers are not liable for delayed or undelivered messages. ', ''),
    'carriers not liable',
  ],
  [
    '"not guaranteed" removed',
    'terms',
    (md) => replaceOnce(md, 'is not guaranteed', 'varies'),
    'delivery not guaranteed',
  ],
  [
    'cross-link to the Privacy Policy removed from #privacy',
    'terms',
    (md) => replaceOnce(md, 'Our [Privacy Policy]({{privacyUrl}})', 'Our Privacy Policy'),
    'link to the Privacy Policy',
  ],
  [
    '"Reply STOP to opt out, HELP for help." removed from the consent wording',
    'terms',
    (md) => replaceOnce(md, 'Reply STOP to opt out, HELP for help. See our', 'See our'),
    'the consent wording of the sign-up screen',
  ],
  [
    'consent wording loses its id',
    'terms',
    (md) => replaceOnce(md, '<blockquote id="consent-wording"', '<blockquote id="sign-up-text"'),
    'the consent wording of the sign-up screen',
  ],
  [
    '"Reply STOP to opt out" removed from the sample messages',
    'terms',
    (md) => replaceOnce(md, 'code. Reply STOP to opt out.', 'code.'),
    'sample messages',
  ],
  [
    'domain-bound line names another code',
    'terms',
    (md) => replaceOnce(md, '@{{siteHost}} #482913', '@{{siteHost}} #999999'),
    'sample messages',
  ],
  [
    'a sample message without a code',
    'terms',
    (md) => replaceOnce(md, '> 123456 is your', '> This is your'),
    'sample messages',
  ],
  [
    'code limit typed as 10 instead of the config value',
    'terms',
    (md) =>
      replaceOnce(md, /no more than\s+\{\{otpCodesPerHour\}\}\s+codes per hour/, 'no more than 10 codes per hour'),
    'message frequency',
  ],
  [
    'program name dropped',
    'terms',
    (md) =>
      replaceOnce(
        md,
        'The program is **{{productName}} account verification**',
        'The program is **account verification**',
      ),
    'the program name',
  ],
  [
    '"not a condition of any purchase" removed',
    'terms',
    (md) => replaceOnce(md, /Consent to receive\s+text messages is not a condition of any purchase\. /, ''),
    'consent is not a condition of purchase',
  ],
  [
    'governing law no longer the United States',
    'terms',
    (md) => replaceOnce(md, 'laws of the United States', 'laws of Delaware'),
    'governing law',
  ],
  [
    'sub-section id #stop renamed',
    'terms',
    (md) => replaceOnce(md, '{ #stop }', '{ #unsubscribe }'),
    'STOP to opt out (#stop)',
  ],
  [
    '"Governing law" moved before "Changes"',
    'terms',
    (md) => {
      const law = /\n## Governing law \{ #governing-law \}\n[\s\S]*$/.exec(md)![0];
      return replaceOnce(md.replace(law, '\n'), '## Changes { #changes }', `${law.trim()}\n\n## Changes { #changes }`);
    },
    'section order',
  ],
  [
    'no-marketing-sharing sentence removed from #privacy',
    'terms',
    (md) => replaceOnce(md, /Mobile information, text-message opt-in data[^.]*\./, ''),
    'opt-in data not shared for marketing',
  ],
  [
    'confirmation message dropped',
    'terms',
    (md) => replaceOnce(md, 'We confirm with one final message, and then send', 'We send'),
    'one confirmation message',
  ],

  // Privacy Policy.
  [
    '"student status" removed from what is collected',
    'privacy',
    (md) => replaceOnce(md, ', age and student status', ' and age'),
    'what is collected',
  ],
  [
    '"we may sell your data to partners" added',
    'privacy',
    addTo('data-sharing', 'We may sell your data to partners.'),
    'no sale or marketing sharing',
  ],
  [
    'a marketing-sharing sentence added',
    'privacy',
    addTo('other-users', 'We share your phone number with partners for marketing.'),
    'no sale or marketing sharing',
  ],
  [
    '"no sale" removed from the body (the summary keeps it)',
    'privacy',
    (md) => replaceOnce(md, 'We do not sell or rent your personal information to anyone, and we', 'We'),
    'no sale of personal data',
  ],
  [
    '"only with service providers" next to other recipients',
    'privacy',
    (md) =>
      replaceOnce(
        md,
        'We share personal information with the recipients below',
        'We share personal information only with service providers',
      ),
    'recipients listed honestly',
  ],
  [
    '"By using the Service you agree" added',
    'privacy',
    addTo('introduction', 'By using the Service you agree to this policy.'),
    'consent asked for, not assumed',
  ],
  [
    'cross-link to the Terms removed from the introduction',
    'privacy',
    (md) => replaceOnce(md, '[Terms of Service]({{termsUrl}}) (also at {{termsHashAddress}})', 'Terms of Service'),
    'link to the Terms of Service',
  ],
  [
    'deletion period typed as 90 days',
    'privacy',
    (md) => replaceOnce(md, 'within {{accountDeletionDays}} days', 'within 90 days'),
    'deletion period',
  ],
  [
    'monitoring retention removed from #this-website',
    'privacy',
    (md) =>
      replaceOnce(md, /Monitoring data is kept for\s+\{\{monitoringRetentionDays\}\} days and then deleted\. /, ''),
    'what monitoring records and how long it is kept',
  ],
  [
    'sessionStorage disclosure removed',
    'privacy',
    (md) => replaceOnce(md, /To\s+group a visit's replay[^.]*\.[^.]*\. /, ''),
    'what the website stores in the browser',
  ],
  [
    'errored visits no longer disclosed',
    'privacy',
    (md) => replaceOnce(md, /plus every\s+visit in which an error occurs/, ''),
    'what monitoring records and how long it is kept',
  ],
  [
    '"Non-discrimination" right removed',
    'privacy',
    (md) => replaceOnce(md, /- \*\*Non-discrimination:\*\*[^\n]*\n/, ''),
    'US state privacy rights',
  ],
  [
    'supervisory authority removed',
    'privacy',
    (md) => replaceOnce(md, /You also have the right\s+to lodge a complaint[^.]*\./, ''),
    'complaint to a supervisory authority',
  ],
  [
    'Data Privacy Framework removed',
    'privacy',
    (md) => replaceOnce(md, /under the EU-US Data\s+Privacy Framework[^,]*,/, ','),
    'international transfers and their safeguards',
  ],
  [
    'AI provider no longer named',
    'privacy',
    (md) => replaceOnce(md, '{{aiProvider}} receives', 'An AI provider receives'),
    'the AI and places providers named',
  ],
  [
    'Global Privacy Control sub-section emptied, heading kept',
    'privacy',
    emptySection('global-privacy-control', 3),
    'Global Privacy Control (#global-privacy-control)',
  ],
  ['section "Security" emptied, heading kept', 'privacy', emptySection('security', 2), 'security (#security)'],
  [
    'Do Not Track answer reworded away (heading kept)',
    'privacy',
    (md) => replaceOnce(md, 'send a "Do Not Track" signal', 'send a DNT signal'),
    'Do Not Track',
  ],
  [
    'double period after a name',
    'privacy',
    (md) => replaceOnce(md, 'the public or our company.', 'the public or our company..'),
    'no double period',
  ],
  [
    'account-deletion sub-section removed',
    'privacy',
    (md) => replaceOnce(md, /### Delete your account \{ #delete-account \}[\s\S]*?(?=### )/, ''),
    'account deletion (#delete-account)',
  ],
  [
    'withdrawing consent no longer said',
    'privacy',
    (md) =>
      replaceOnce(md, 'You can withdraw a consent at any time, without affecting what we did before:', 'Your choices:'),
    'how to revoke consent',
  ],
  [
    'a "you may not opt out" sentence added to the policy',
    'privacy',
    addTo('your-choices', 'You may not opt out of verification texts.'),
    'STOP is always honoured',
  ],
];

/** What each edit made the build say: the table printed at the end. */
const table: { edit: string; page: string; clause: string; line: string }[] = [];

describe('the legal pages as built', () => {
  it.each(['privacy', 'terms'] as const)('the %s page passes every check', (kind) => {
    expect(checkLegalPage(kind, built[kind].html, built[kind].expected)).toEqual([]);
  });

  it.each(['privacy', 'terms'] as const)(
    'rendering the %s Markdown again gives the built page byte for byte',
    (kind) => {
      // So the table below checks exactly what the build checks.
      expect(pageFrom(kind, markdown[kind]).html).toBe(built[kind].html);
      expect(buildMessage(kind, markdown[kind])).toBe('');
    },
  );
});

describe('every single edit to the Markdown stops the build, naming the page and the clause', () => {
  it('has at least 30 edits, on both pages', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(30);
    expect(new Set(mutations.map(([, kind]) => kind)).size).toBe(2);
  });

  it.each(mutations)('%s (%s)', (edit, kind, apply, clause) => {
    const edited = apply(markdown[kind]);
    expect(edited).not.toBe(markdown[kind]);
    const message = buildMessage(kind, edited);
    const page = `${kind} page (${legalPages[kind].path})`;
    const line = message.split('\n').find((text) => text.startsWith(`  - ${page}: ${clause}: `));
    expect(message, message).toContain(checklistPath);
    expect(line, message).toBeDefined();
    // The other page is untouched and still passes.
    expect(message).not.toContain(`${kind === 'terms' ? 'privacy' : 'terms'} page`);
    table.push({ edit, page: `/${kind}`, clause, line: line!.trim() });
  });

  afterAll(() => {
    if (!table.length) return;
    const width = Math.max(...table.map((row) => row.edit.length));
    console.log(
      `Mutation table: ${table.length} single edits to the legal Markdown, each stops the build\n` +
        table.map((row) => `${row.page.padEnd(8)} ${row.edit.padEnd(width)} -> ${row.clause}`).join('\n'),
    );
  });
});

describe('a page that disagrees with the config', () => {
  const failedClauses = (kind: LegalPageKind, config: Partial<LegalExpectations['config']>) =>
    checkLegalPage(kind, built[kind].html, {
      ...built[kind].expected,
      config: { ...built[kind].expected.config, ...config },
    }).map((failure) => failure.clause);

  it('fails when the code limit differs', () => {
    expect(failedClauses('terms', { otpCodesPerHour: built.terms.expected.config.otpCodesPerHour + 1 })).toContain(
      'message frequency',
    );
  });
  it('fails when the deletion period differs', () => {
    expect(
      failedClauses('privacy', { accountDeletionDays: built.privacy.expected.config.accountDeletionDays + 1 }),
    ).toContain('deletion period');
  });
  it('fails when the monitoring retention differs', () => {
    expect(
      failedClauses('privacy', { monitoringRetentionDays: built.privacy.expected.config.monitoringRetentionDays + 1 }),
    ).toContain('what monitoring records and how long it is kept');
  });
  it('fails when the site host of the domain-bound line differs', () => {
    expect(failedClauses('terms', { siteUrl: 'https://other.example' })).toContain('sample messages');
  });
  it('fails when the front matter dates differ from the page', () => {
    const clauses = checkLegalPage('privacy', built.privacy.html, {
      ...built.privacy.expected,
      frontMatter: { ...built.privacy.expected.frontMatter, lastUpdated: '2025-02-30' },
    }).map((failure) => failure.clause);
    expect(clauses).toContain('dates');
  });
});

describe(checklistPath, () => {
  it('names the key of every clause the code checks, and no other', async () => {
    const checklist = await readFile(checklistPath, 'utf8');
    const documented = new Set(
      [...checklist.matchAll(/`((?:terms|privacy|both)\.[a-z-]+)`/g)].map((match) => match[1]),
    );
    const inCode = new Set([
      ...Object.values(requiredClauses).flatMap((clauses) => clauses.map((clause) => clause.key)),
      ...forbiddenSentences.map((rule) => rule.key),
    ]);
    expect([...inCode].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !inCode.has(key))).toEqual([]);
  });
});
