/**
 * The site's words are content (src/content/i18n/<locale>/): an owner's edit that the pages cannot use
 * stops the build here, naming the file, the field and the form expected, before any page is built.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadConfig } from '../../src/config/index.ts';
import { legalPage } from 'legal-record';
import type { Words } from '../../src/lib/words/schema.ts';
import { itemTokens, questionFiles, questionFrom, readQuestions, readWords } from '../../src/lib/words/words.node.ts';
import { supportDir, wordsFile } from '../../src/lib/languages.node.ts';

const config = loadConfig();
/** Every published translation: the same checks hold for each language the config lists. */
const translations = config.languages.filter((locale) => locale !== 'en');
const file = wordsFile('en');
/** The words file as shipped, with one edit: `edit` changes the parsed words, whatever the owner wrote in them. */
const edited = (edit: (words: Words & { landing: Record<string, unknown> }) => void, from = file) => {
  const words = parse(readFileSync(from, 'utf8'));
  edit(words);
  return stringify(words);
};

describe('the words', () => {
  test('as shipped, validate and quote the config: no token is left', async () => {
    const words = readWords(config);
    // What is left are the parts each component fills per item: {{network}}, and a legal page's date, link, ...
    const left = [...JSON.stringify(words).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
    expect(left.filter((name) => !itemTokens.has(name!))).toEqual([]);
    expect(JSON.stringify(words).replace(/\{\{\w+\}\}/g, '')).not.toContain('{{');
    expect(words.landing.contactLine).toContain(config.contactEmail);
    const questions = await readQuestions(config);
    expect(questions.length).toBeGreaterThan(0);
    for (const { html } of questions) expect(html).not.toContain('{{');
    // The deletion answer links the deletion page's steps.
    const deletion = legalPage('delete-account').path;
    expect(questions.flatMap(({ sources }) => sources.map(({ href }) => href))).toContain(`${deletion}#in-the-app`);
  });

  test('a missing, misspelt or empty key stops with the file, the field and the form expected', () => {
    expect(() =>
      readWords(
        loadConfig(),
        'en',
        edited((words) => delete (words.landing.howItWorks as { title?: string }).title),
      ),
    ).toThrow(`${file} is invalid:\n  - landing.howItWorks.title is missing; expected a text`);
    const misspelt = edited(({ landing }) => {
      landing.heroLable = landing.heroLabel;
      delete (landing as { heroLabel?: string }).heroLabel;
    });
    expect(() => readWords(config, 'en', misspelt)).toThrow(
      'landing.heroLable: not a known key; expected only the keys that src/lib/words/schema.ts names',
    );
    expect(() =>
      readWords(
        loadConfig(),
        'en',
        edited(({ notFound }) => (notFound.heading = '')),
      ),
    ).toThrow('notFound.heading is ""; expected a non-empty text');
    expect(() =>
      readWords(
        loadConfig(),
        'en',
        edited(({ landing }) => (landing.howItWorks.steps = [])),
      ),
    ).toThrow('landing.howItWorks.steps is []; expected a list of at least one step');
    expect(() => readWords(config, 'en', 'landing: [')).toThrow(`${file} is not valid YAML`);
  });

  test('a token that is none, a value typed by hand or a contact line without the address stops the build', () => {
    expect(() =>
      readWords(
        loadConfig(),
        'en',
        edited(({ landing }) => (landing.howItWorks.steps[1]!.title = 'Bring {{grop}}')),
      ),
    ).toThrow(`${file}: landing.howItWorks.steps[1].title quotes {{grop}}, which is no token`);
    const typed = edited(({ landing }) => (landing.howItWorks.steps[0]!.text = `${config.productName} learns`));
    expect(() => readWords(config, 'en', typed)).toThrow(
      `${file}: landing.howItWorks.steps[0].text types "${config.productName}" by hand; expected {{productName}}`,
    );
    expect(() =>
      readWords(
        loadConfig(),
        'en',
        edited(({ landing }) => (landing.contactLine = 'Email us')),
      ),
    ).toThrow('landing.contactLine is "Email us"; expected a text that quotes {{contactEmail}} where its link goes');
  });
});

describe('a support question', () => {
  const question = (frontMatter: string, answer = 'Reply **STOP**.') =>
    questionFrom(
      loadConfig(),
      `${supportDir('en')}/test.md`,
      `---\n${frontMatter}\n---\n\n${answer}\n`,
      readWords(config),
    );

  test('links each legal section it summarises by that section heading', async () => {
    const { sources, html } = await question(
      'question: How?\norder: 1\nsources:\n  - { page: terms, section: stop }',
      'Within {{accountDeletionDays}} days.',
    );
    const terms = legalPage('terms');
    expect(sources).toEqual([
      {
        href: `${terms.path}#stop`,
        label: expect.stringMatching(`^${terms.linkLabel}: .`),
        // Where it is written, for the build's message on a section the page does not have in effect.
        from: { file: `${supportDir('en')}/test.md`, field: 'sources[0]', page: 'terms', section: 'stop' },
      },
    ]);
    expect(html.trim()).toBe(`<p>Within ${config.accountDeletionDays} days.</p>`);
  });

  test('follows the config: a new deletion period is what the answers say', async () => {
    const answers = (await readQuestions({ ...config, accountDeletionDays: 97 })).map(({ html }) => html).join('');
    expect(answers).toContain('97 days');
    expect(answers).not.toContain(`${config.accountDeletionDays} days`);
  });

  test('naming a page or a section that does not exist, or lacking its question, stops the build', async () => {
    await expect(
      question('question: How?\norder: 1\nsources:\n  - { page: privacy, section: nowhere }'),
    ).rejects.toThrow(
      `${supportDir('en')}/test.md: sources[0].section is "nowhere"; expected a section id of /privacy: introduction, `,
    );
    await expect(question('question: How?\norder: 1\nsources:\n  - { page: faq, section: stop }')).rejects.toThrow(
      'sources[0].page is "faq"; expected a legal page: privacy, terms',
    );
    await expect(question('order: 1')).rejects.toThrow('question is missing; expected a text');
  });
});

describe('the reading limit holds on every page a visitor reads', () => {
  const long = `${'Every word here counts '.repeat(9)}too.`;
  const question = (answer: string) =>
    questionFrom(
      config,
      `${supportDir('en')}/test.md`,
      `---\nquestion: How?\norder: 1\nsources: []\n---\n\nA short first line.\n${answer}\n`,
      readWords(config),
    );

  test('a support answer, in any language, with a sentence over 35 words stops the build, naming file and line', async () => {
    // Line 7 is "A short first line.", the file's first line of the answer.
    await expect(question(long)).rejects.toThrow(
      `${supportDir('en')}/test.md, line 8 (the answer): a sentence of 37 words: "${long}"; expected at most 35`,
    );
    const spanish = `${'Cada palabra aquí cuenta '.repeat(9)}también.`;
    await expect(question(`Una línea corta.\n${spanish}`)).rejects.toThrow(
      `${supportDir('en')}/test.md, line 9 (the answer): a sentence of 37 words: "${spanish}"; expected at most 35`,
    );
    // "Inc." ends no sentence: the two halves are one sentence, over the limit.
    const company = `Example, Inc. (${'every word counts here '.repeat(8)}too) sells.`;
    await expect(question(company)).rejects.toThrow('a sentence of 36 words: "Example, Inc. (every word');
    await expect(question('Short. Sentences. Pass.')).resolves.toBeDefined();
  });

  test('a question over 35 words stops it too', async () => {
    await expect(
      questionFrom(
        config,
        `${supportDir('en')}/test.md`,
        `---\nquestion: ${long}\norder: 1\nsources: []\n---\n\nYes.\n`,
        readWords(config),
      ),
    ).rejects.toThrow(`${supportDir('en')}/test.md, line 2 (question): a sentence of 37 words`);
  });

  test("a sentence of the pages' words over 35 words stops the build, naming file, line and field", () => {
    const text = edited((words) => (words.landing.description = long));
    expect(() => readWords(config, 'en', text)).toThrow(
      `${file}, line ${text.split('\n').findIndex((line) => line.includes('Every word here')) + 1}, landing.description: a sentence of 37 words`,
    );
    for (const locale of translations) {
      const translated = edited((words) => (words.landing.description = long), wordsFile(locale));
      expect(() => readWords(config, locale, translated)).toThrow(`${wordsFile(locale)}, line`);
    }
  });
});

describe('content is text: raw HTML stops the build, naming the file and the line', () => {
  const answer = (body: string) =>
    questionFrom(
      config,
      `${supportDir('en')}/test.md`,
      `---\nquestion: How?\norder: 1\nsources: []\n---\n\nA first line.\n${body}\n`,
      readWords(config),
    );

  test('in a support answer, in any language: a script, an image with a handler, any tag', async () => {
    await expect(answer('Hi <script>alert(1)</script> there.')).rejects.toThrow(
      `${supportDir('en')}/test.md, line 8: raw HTML "<script>" (the element <script>); expected Markdown`,
    );
    await expect(answer('See <img src=x onerror="alert(1)">.')).rejects.toThrow(
      `${supportDir('en')}/test.md, line 8: raw HTML "<img src=x onerror=\\"alert(1)\\">" (the element <img>)`,
    );
    await expect(answer('A <b>bold</b> word.')).rejects.toThrow('raw HTML "<b>" (the element <b>)');
    // Markdown, a comparison and an autolink are text, not markup.
    await expect(answer('**Bold**, 3 < 4 and <https://help.example.org/faq>.')).resolves.toBeDefined();
  });

  test("in the pages' words, naming the line and the field", () => {
    const text = edited((words) => (words.landing.description = 'Eat <img src=x onerror=alert(1)> well.'));
    const line = text.split('\n').findIndex((each) => each.includes('<img')) + 1;
    expect(() => readWords(config, 'en', text)).toThrow(
      `${file}, line ${line}, landing.description: raw HTML "<img src=x onerror=alert(1)>" (the element <img>); expected plain text`,
    );
  });
});

describe.each(translations)('the words in %s', (locale) => {
  const translated = wordsFile(locale);

  test('as shipped, have every key of the English ones, filled', () => {
    const left = [...JSON.stringify(readWords(config, locale)).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
    expect(left.filter((name) => !itemTokens.has(name!))).toEqual([]);
  });

  test('a missing or misspelt key stops the build, naming the file and the key', () => {
    const missing = edited(({ support }) => delete (support as { readMore?: string }).readMore, translated);
    expect(() => readWords(config, locale, missing)).toThrow(
      `${translated} is invalid:\n  - support.readMore is missing; expected a text`,
    );
    const misspelt = edited(({ notFound }) => {
      (notFound as Record<string, string>).titulo = notFound.title;
      delete (notFound as { title?: string }).title;
    }, translated);
    expect(() => readWords(config, locale, misspelt)).toThrow('notFound.titulo: not a known key');
  });

  test('a list of another length than the English stops the build, naming the file and the list', () => {
    const shorter = edited(({ landing }) => (landing as Words['landing']).howItWorks.steps.pop(), translated);
    const steps = readWords(config).landing.howItWorks.steps.length;
    expect(() => readWords(config, locale, shorter)).toThrow(
      `${translated}: landing.howItWorks.steps has ${steps - 1} items; expected ${steps}, as the English words have`,
    );
  });

  test('link its own home page from their tokens', async () => {
    const html = (await readQuestions(config, locale)).map((question) => question.html).join('');
    expect(html).not.toContain('href="/"');
  });
});

describe.each(translations)('the support questions in %s', (locale) => {
  const english = questionFiles('en');
  const dir = supportDir(locale);

  test('are the English ones, by the same file names, with their order and sources', async () => {
    expect(questionFiles(locale)).toEqual(english);
    const order = (questions: { id: string }[]) => questions.map(({ id }) => id.split('/')[1]);
    expect(order(await readQuestions(config, locale))).toEqual(order(await readQuestions(config)));
  });

  test('a missing or an extra one stops the build, naming its file', () => {
    expect(() => questionFiles(locale, [...english, 'refunds.md'])).toThrow(
      `${dir}/refunds.md is missing; expected a translation of ${supportDir('en')}/refunds.md`,
    );
    expect(() => questionFiles(locale, english.slice(1))).toThrow(
      `${dir}/${english[0]} has no English question; expected only the file names of ${supportDir('en')}/`,
    );
  });

  test('link each source in the language where its page has a translation, else in English, saying so', async () => {
    const { interface: ui } = readWords(config, locale);
    const sources = (await readQuestions(config, locale)).flatMap((question) => question.sources);
    for (const source of sources) {
      if (source.href.startsWith(`/${locale}/`)) expect(source.lang).toBeUndefined();
      else expect(source).toMatchObject({ lang: 'en', note: ui.inEnglish });
    }
  });
});
