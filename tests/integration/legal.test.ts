/**
 * The legal compliance check, proven to bite and proven not to bite harmless edits. The site is built once into a
 * temporary folder (the real layout around the real pages); each row of the mutation table then applies one edit to
 * a page's Markdown, renders it through the real pipeline (parseLegalSource: tokens, Markdown, heading ids, typed
 * figures) and puts the result in the built page's `.legal-body`, exactly where the build puts it, then runs the
 * build's own assertion. Every breaking edit must stop it, naming the page and the clause; every must-build edit must
 * pass. Each meaning rule has three rows: the plain edit, a negated-then-contradicted form and a reworded form. (A full `astro build` per edit would take an hour on a two-core machine; the one real
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
import { meaningRules, requiredClauses } from '../../src/lib/legal/clauses.ts';
import { legalPage, legalPages, type LegalPageKind } from '../../src/lib/legal/pages.ts';
import {
  assertLegalPages,
  checklistPath,
  checkLegalPage,
  expectationsFor,
  LegalCheckError,
  type LegalExpectations,
} from '../../src/lib/legal/rules.ts';
import { parseLegalSource } from '../../src/lib/legal/source.ts';
import { legalTokens } from '../../src/lib/legal/tokens.ts';

const run = promisify(execFile);
const root = pathToFileURL(`${process.cwd()}/`);
let outDir: string;
let built: Record<LegalPageKind, BuiltLegalPage>;
const markdown: Record<LegalPageKind, string> = {};
const kinds = legalPages.map((page) => page.kind);

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'legal-build-'));
  await run('node_modules/.bin/astro', ['build', '--outDir', outDir], {
    // The host files of this build go beside it, not over the project's deploy/generated and vercel.json.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', HOST_FILES_DIR: `${outDir}-host-files` },
  });
  const pages = await readBuiltLegalPages(pathToFileURL(`${outDir}/`), root);
  built = Object.fromEntries(pages.map((page) => [page.kind, page]));
  for (const kind of kinds) markdown[kind] = await readFile(`src/content/legal/${kind}.md`, 'utf8');
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
    expected: expectationsFor(rendered),
  };
}

/** The build's own assertion on every page, `kind`'s rendered from `source`; its message, or '' when it passes. */
function buildMessage(kind: LegalPageKind, source: string): string {
  const pages = kinds.map((each) => ({
    kind: each,
    path: legalPage(each).path,
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
    'STOP is always honored',
  ],
  [
    '"cannot be opted out of mid-flow" added',
    'terms',
    addTo('stop', 'Authentication messages cannot be opted out of mid-flow.'),
    'STOP is always honored',
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
    'the other opt-out words dropped',
    'terms',
    (md) => replaceOnce(md, 'We also honor {{otherStopWords}}, and a reply', 'We also honor a reply'),
    'every opt-out word honored',
  ],
  [
    'opt-out in plain words dropped',
    'terms',
    (md) => replaceOnce(md, /, and a reply\s+that says in plain words[^.]*\./, '.'),
    'every opt-out word honored',
  ],
  [
    '"or ask for a new code in the app" as a way to opt back in',
    'terms',
    (md) =>
      replaceOnce(md, 'or **UNSTOP** to any message from us.', 'or **UNSTOP**, or ask for a new code in the app.'),
    'opting back in only by START or UNSTOP',
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
    'the consent wording\'s "SMS Terms" link reloads /terms instead of going to the terms on the page',
    'terms',
    (md) => replaceOnce(md, '[SMS Terms](#purpose-and-scope)', '[SMS Terms]({{termsUrl}})'),
    'the consent wording of the sign-up screen',
  ],
  [
    'a bare web address as the text of the link to the Privacy Policy',
    'terms',
    (md) =>
      replaceOnce(md, 'Our [Privacy Policy]({{privacyUrl}})', 'Our policy, [{{siteHost}}/privacy]({{privacyUrl}})'),
    'link text in words',
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
    (md) => replaceOnce(md, '@{{siteHost}} #{{sampleVerificationCode}}', '@{{siteHost}} #{{sampleSignInCode}}'),
    'sample messages',
  ],
  [
    'a sample message without a code',
    'terms',
    (md) => replaceOnce(md, '> {{sampleSignInCode}} is your', '> This is your'),
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
    (md) => replaceOnce(md, 'governed by {{governingLaw}}', 'governed by the laws of Delaware'),
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
    (md) => replaceOnce(md, /We confirm with one final\s+message within/, 'We confirm within'),
    'one confirmation message',
  ],

  // Privacy Policy.
  [
    '"student status" removed from what is collected',
    'privacy',
    (md) =>
      replaceOnce(replaceOnce(md, ', age and student status', ' and age'), /\| student status\s+\|/, '| studies |'),
    'what is collected',
  ],
  [
    '"we may sell your data to partners" added',
    'privacy',
    addTo('data-sharing', 'We may sell your data to partners.'),
    'no selling, renting or sharing personal data for marketing',
  ],
  [
    'a marketing-sharing sentence added',
    'privacy',
    addTo('other-users', 'We share your phone number with partners for marketing.'),
    'no selling, renting or sharing personal data for marketing',
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
    (md) => replaceOnce(md, '[Terms of Service]({{termsUrl}}), and what', 'Terms of Service, and what'),
    'links to the Terms of Service and the Community Guidelines',
  ],
  [
    'deletion period typed as 90 days',
    'privacy',
    (md) => replaceOnce(md, 'within {{accountDeletionDays}} days. Reviews', 'within 90 days. Reviews'),
    'personal information deleted within the configured days of account deletion',
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
    (md) =>
      replaceOnce(md, '**AI recommendations:** {{aiProvider}}, only', '**AI recommendations:** an AI provider, only'),
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
    'text-message opt-in data no longer excluded from business transfers',
    'privacy',
    (md) => replaceOnce(md, /Text-message opt-in data\s+and consent never pass[^.]*\./, ''),
    'legal requests and business transfers carry no text-message opt-in data for marketing',
  ],
  [
    'the sensitive-data consent no longer asked separately',
    'privacy',
    (md) => replaceOnce(md, /which the app asks for\s+separately, on a screen of its own,/, 'which we assume'),
    'explicit, separate, withdrawable consent for sensitive information',
  ],
  [
    'the AI section no longer says the app asks first',
    'privacy',
    (md) => replaceOnce(md, /It sends nothing before you agree:[^.]*\./, ''),
    'what goes to the AI provider, and that the app asks first',
  ],
  [
    'appeals answered in the old 60 days (a figure typed, and the token dropped)',
    'privacy',
    (md) => replaceOnce(md, /within\s+\{\{appealResponseDays\}\} days/, 'within 60 days'),
    'appeals answered in time',
  ],
  [
    'the EU representative line removed',
    'privacy',
    (md) => replaceOnce(md, /\*\*Representative in the EU and UK\*\*[^\n]*\n\n/, ''),
    'the EU and UK representative',
  ],
  [
    'a CCPA category dropped from the table',
    'privacy',
    (md) => replaceOnce(md, /\| Inferences\s+\|[^\n]*\n/, ''),
    'categories of personal information by their statutory names',
  ],
  [
    'text-message logs dropped from the retention table',
    'privacy',
    (md) => replaceOnce(md, /\| Text-message logs[^\n]*\n/, ''),
    'retention per kind of data',
  ],
  [
    'a shorter list of opt-out words typed over the token',
    'terms',
    (md) => replaceOnce(md, '{{otherStopWords}}', 'QUIT, END, CANCEL and UNSUBSCRIBE'),
    'every opt-out word honored',
  ],
  [
    'the 10 business days for other revocations dropped',
    'terms',
    (md) => replaceOnce(md, /;\s+we honor such a request within\s+\{\{revocationBusinessDays\}\}\s+business days/, ''),
    'STOP confirmed in minutes, other revocations honored in business days',
  ],
  [
    '"every message is a code" again (the STOP and HELP replies left out)',
    'terms',
    (md) => replaceOnce(md, /The only other\s+texts are answers[^.]*\./, 'Every message is a code.'),
    'the STOP confirmation and HELP reply named as texts',
  ],
  [
    'the 24-hour promise dropped from the guidelines',
    'guidelines',
    (md) => replaceOnce(md, 'act on it within {{reportActionHours}} hours', 'act on it quickly'),
    'reports acted on in time, content and user removed',
  ],
  [
    'the no-tolerance sentence removed from the guidelines',
    'guidelines',
    (md) => replaceOnce(md, 'We have no tolerance for objectionable content or abusive users. ', ''),
    'no tolerance for objectionable content',
  ],
  [
    'the block instructions removed from the guidelines',
    'guidelines',
    (md) => replaceOnce(md, /- \*\*Block a user:\*\*[\s\S]*?(?=- \*\*Without)/, ''),
    'report content and block users in the app',
  ],
  [
    'the guidelines lose their contact email',
    'guidelines',
    (md) => replaceOnce(md, /email us at \[\{\{contactEmail\}\}\]\(mailto:\{\{contactEmail\}\}\)\./, 'write to us.'),
    'contact details',
  ],

  // Facts in one place: a figure, duration or date typed into the prose, which no token produced.
  [
    'a number changed in one place but not another (the consent wording says 5 per hour)',
    'terms',
    (md) => replaceOnce(md, /no more than \{\{otpCodesPerHour\}\}\s+per hour/, 'no more than 5 per hour'),
    'facts in one place',
  ],
  [
    'a duration typed in words',
    'privacy',
    addTo('retention', 'Backups are overwritten within a month.'),
    'facts in one place',
  ],
  [
    'a figure typed into the guidelines',
    'guidelines',
    (md) => replaceOnce(md, 'act on it within {{reportActionHours}} hours', 'act on it within 48 hours'),
    'facts in one place',
  ],
  [
    "the AI provider's name typed over its token (it would stay when the config names another)",
    'privacy',
    (md) => replaceOnce(md, 'the app sends {{aiProvider}}', `the app sends ${legalTokens.aiProvider}`),
    'facts in one place',
  ],

  // The meaning rules, each in three forms: the plain edit, negated then contradicted, and reworded.
  [
    'marketing transfer, negated then contradicted',
    'privacy',
    addTo('no-sale', 'We do not sell your data, but we share your phone number with partners for their marketing.'),
    'no selling, renting or sharing personal data for marketing',
  ],
  [
    'marketing transfer, reworded ("advertisers may receive")',
    'privacy',
    addTo('service-providers', 'Advertisers may receive your location and search history.'),
    'no selling, renting or sharing personal data for marketing',
  ],
  [
    'opting back in another way, negated then contradicted ("..., but signing in again does")',
    'terms',
    addTo('opt-back-in', 'Replying with another word does not opt you back in, but signing in again does.'),
    'opting back in only by START or UNSTOP',
  ],
  [
    'opting back in another way, reworded ("texts resume when you sign in")',
    'terms',
    addTo('codes-in-progress', 'Texts resume as soon as you sign in to the app again.'),
    'opting back in only by START or UNSTOP',
  ],
  [
    'texts after STOP',
    'terms',
    addTo('stop', 'After you reply STOP, we may still send you the codes you request.'),
    'no texts after STOP but the one confirmation',
  ],
  [
    'texts after STOP, negated then contradicted',
    'terms',
    addTo('stop', 'After STOP we send no marketing texts, but we still send the codes you request.'),
    'no texts after STOP but the one confirmation',
  ],
  [
    'texts after STOP, reworded ("codes keep arriving")',
    'terms',
    addTo('codes-in-progress', 'Opting out ends most texts; codes you ask for keep arriving.'),
    'no texts after STOP but the one confirmation',
  ],
  [
    'consent made a condition of purchase',
    'terms',
    addTo('how-you-opt-in', 'Consent to our texts is a condition of every purchase.'),
    'consent never made a condition of purchase',
  ],
  [
    'consent made a condition of purchase, negated then contradicted',
    'terms',
    addTo(
      'how-you-opt-in',
      'Consent is not required to use the app, but you must agree to our texts before you can buy a plan.',
    ),
    'consent never made a condition of purchase',
  ],
  [
    'consent made a condition of purchase, reworded',
    'terms',
    addTo('acceptance', 'To pay for a subscription, you need to opt in to our text messages.'),
    'consent never made a condition of purchase',
  ],
  [
    'children admitted',
    'privacy',
    addTo('children', "Children under {{childMinimumAge}} may use the Service with a parent's permission."),
    'children under the minimum age never admitted',
  ],
  [
    'children admitted, negated then contradicted',
    'privacy',
    addTo(
      'children',
      "The Service is not meant for children under {{childMinimumAge}}, but kids are welcome with a parent's permission.",
    ),
    'children under the minimum age never admitted',
  ],
  [
    'children admitted, reworded (an age floor below the minimum, from a token)',
    'privacy',
    addTo('introduction', 'Anyone aged {{otpCodesPerHour}} or older can create an account.'),
    'children under the minimum age never admitted',
  ],
  [
    'deletion slower than configured (another token in the deletion sentence)',
    'privacy',
    (md) =>
      replaceOnce(
        md,
        'information within {{accountDeletionDays}} days. Reviews',
        'information within {{monitoringRetentionDays}} days. Reviews',
      ),
    'personal information deleted within the configured days of account deletion',
  ],
  [
    'deletion slower than configured, negated then contradicted',
    'privacy',
    addTo(
      'delete-account',
      'We do not keep your data once you delete your account, but erasing it can take {{searchHistoryDays}} days.',
    ),
    'personal information deleted within the configured days of account deletion',
  ],
  [
    'deletion slower than configured, reworded ("eventually")',
    'privacy',
    addTo('retention', 'Once you close your account, we erase your details eventually.'),
    'personal information deleted within the configured days of account deletion',
  ],
  [
    'deletion slower than configured, reworded as a limit ("no later than")',
    'privacy',
    addTo('delete-account', 'We erase it no later than {{searchHistoryDays}} days after you close your account.'),
    'personal information deleted within the configured days of account deletion',
  ],
  [
    'children admitted, reworded ("as young as", from a token)',
    'guidelines',
    addTo('introduction', 'Friends as young as {{otpCodesPerHour}} can join your group.'),
    'children under the minimum age never admitted',
  ],
  [
    'a second effective date',
    'privacy',
    addTo('policy-updates', 'This policy is effective as of March 1, 2025.'),
    'no second effective or last-updated date',
  ],
  [
    'a second effective date, negated then contradicted',
    'terms',
    addTo('changes', 'These terms have no other effective date; this version took effect on the first of March.'),
    'no second effective or last-updated date',
  ],
  [
    'a second effective date, reworded without a figure',
    'guidelines',
    addTo('introduction', 'This version applies from the first day of autumn.'),
    'no second effective or last-updated date',
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
    'STOP is always honored',
  ],
];

/** Edits a page must survive: a check that stops them would be switched off. */
const mustBuild: [edit: string, kind: LegalPageKind, apply: (md: string) => string][] = [
  [
    'both spellings: license/licence, behavior/behaviour, anonymized/anonymised',
    'privacy',
    (md) =>
      replaceOnce(
        replaceOnce(replaceOnce(md, 'royalty-free license', 'royalty-free licence'), 'its\nbehavior', 'its\nbehaviour'),
        'anonymized form. We may',
        'anonymised form. We may',
      ),
  ],
  [
    'a reworded sentence with the same meaning ("never sold or rented")',
    'privacy',
    (md) =>
      replaceOnce(
        md,
        'We do not sell or rent your personal information to anyone, and we',
        'Your personal information is never sold or rented to anyone, and we',
      ),
  ],
  [
    'a reworded sentence with the same meaning in the terms ("you can reply START or UNSTOP")',
    'terms',
    (md) =>
      replaceOnce(
        md,
        'To opt back in, reply **START** or **UNSTOP** to any message from us.',
        'You can opt back in whenever you like: reply **START** or **UNSTOP** to any message from us.',
      ),
  ],
  [
    'a heading reworded, its anchor kept',
    'privacy',
    (md) =>
      replaceOnce(
        md,
        '## Retention, choices and rights { #retention }',
        '## How long we keep data, and your choices { #retention }',
      ),
  ],
  [
    'a typo fix ("non-essential" -> "nonessential")',
    'privacy',
    (md) => replaceOnce(md, 'non-essential', 'nonessential'),
  ],
  [
    'a friendly paragraph added to the introduction',
    'privacy',
    addTo(
      'introduction',
      "We built {{productName}} because choosing where to eat with friends should be the easy part. We read every message you send us, and we're glad you're here!",
    ),
  ],
  [
    'a friendly paragraph added to the guidelines',
    'guidelines',
    addTo('introduction', 'Most of all, be kind: everyone here is just looking for a good meal with their friends.'),
  ],
];

/** What each edit made the build say: the table printed at the end. */
const table: { edit: string; page: string; clause: string; line: string }[] = [];

describe('the legal pages as built', () => {
  it.each(kinds)('the %s page passes every check', (kind) => {
    expect(checkLegalPage(kind, built[kind]!.html, built[kind]!.expected)).toEqual([]);
  });

  it.each(kinds)('rendering the %s Markdown again gives the built page byte for byte', (kind) => {
    // So the table below checks exactly what the build checks.
    expect(pageFrom(kind, markdown[kind]!).html).toBe(built[kind]!.html);
    expect(buildMessage(kind, markdown[kind]!)).toBe('');
  });
});

describe('every breaking edit to the Markdown stops the build, naming the page and the clause', () => {
  it('covers every page and every meaning rule', () => {
    expect(new Set(mutations.map(([, kind]) => kind))).toEqual(new Set(kinds));
    const named = new Set(mutations.map(([, , , clause]) => clause));
    expect(meaningRules.map((rule) => rule.name).filter((name) => !named.has(name))).toEqual([]);
  });

  it.each(mutations)('%s (%s)', (edit, kind, apply, clause) => {
    const edited = apply(markdown[kind]!);
    expect(edited).not.toBe(markdown[kind]);
    const message = buildMessage(kind, edited);
    const page = `${kind} page (${legalPage(kind).path})`;
    const line = message.split('\n').find((text) => text.startsWith(`  - ${page}: ${clause}: `));
    expect(message, message).toContain(checklistPath);
    expect(line, message).toBeDefined();
    // The other pages are untouched and still pass.
    for (const other of kinds.filter((each) => each !== kind)) expect(message).not.toContain(`  - ${other} page`);
    table.push({ edit, page: `/${kind}`, clause, line: line!.trim() });
  });

  afterAll(() => {
    if (!table.length) return;
    const width = Math.max(...table.map((row) => row.edit.length));
    console.log(
      `Mutation table: ${table.length} breaking edits to the legal Markdown, each stops the build; ${mustBuild.length} harmless edits, each builds\n` +
        table.map((row) => `${row.page.padEnd(12)} ${row.edit.padEnd(width)} -> ${row.clause}`).join('\n'),
    );
  });
});

describe('harmless edits still build', () => {
  it.each(mustBuild)('%s (%s)', (_edit, kind, apply) => {
    const edited = apply(markdown[kind]!);
    expect(edited).not.toBe(markdown[kind]);
    expect(buildMessage(kind, edited)).toBe('');
  });
});

describe('a page that disagrees with the config', () => {
  const failedClauses = (kind: LegalPageKind, config: Partial<LegalExpectations['config']>) =>
    checkLegalPage(kind, built[kind]!.html, {
      ...built[kind]!.expected,
      config: { ...built[kind]!.expected.config, ...config },
    }).map((failure) => failure.clause);

  it('fails when the code limit differs', () => {
    expect(failedClauses('terms', { otpCodesPerHour: built.terms!.expected.config.otpCodesPerHour + 1 })).toContain(
      'message frequency',
    );
  });
  it('fails when the deletion period differs', () => {
    expect(
      failedClauses('privacy', { accountDeletionDays: built.privacy!.expected.config.accountDeletionDays + 1 }),
    ).toContain('deletion period');
  });
  it('fails when the monitoring retention differs', () => {
    expect(
      failedClauses('privacy', { monitoringRetentionDays: built.privacy!.expected.config.monitoringRetentionDays + 1 }),
    ).toContain('what monitoring records and how long it is kept');
  });
  it('fails when the site host of the domain-bound line differs', () => {
    expect(failedClauses('terms', { siteUrl: 'https://other.example' })).toContain('sample messages');
  });
  it('fails when the front matter dates differ from the page', () => {
    const clauses = checkLegalPage('privacy', built.privacy!.html, {
      ...built.privacy!.expected,
      frontMatter: { ...built.privacy!.expected.frontMatter, lastUpdated: '2025-02-30' },
    }).map((failure) => failure.clause);
    expect(clauses).toContain('dates');
  });
});

describe(checklistPath, () => {
  it('names the key of every clause the code checks, and no other', async () => {
    const checklist = await readFile(checklistPath, 'utf8');
    const documented = new Set(
      [...checklist.matchAll(/`((?:terms|privacy|guidelines|all)\.[a-z-]+)`/g)].map((match) => match[1]),
    );
    const inCode = new Set([
      ...Object.values(requiredClauses).flatMap((clauses) => (clauses ?? []).map((clause) => clause.key)),
      ...meaningRules.map((rule) => rule.key),
    ]);
    expect([...inCode].filter((key) => !documented.has(key))).toEqual([]);
    expect([...documented].filter((key) => !inCode.has(key))).toEqual([]);
  });
});
