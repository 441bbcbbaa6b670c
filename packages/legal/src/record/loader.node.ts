/**
 * The legal collection (src/content.config.ts), computed once per build: each page's words as read now (id `privacy`)
 * and each approved version's frozen words (id `privacy@2026-11-25`), rendered alike by markdown.node.ts, each with
 * its approval state. Versions come from their frozen files alone, so no later change of config, data, wording or code
 * can alter one of their words. In a production build (packages/legal/src/integration.ts) a page whose words differ from
 * its latest approval stops the build here, showing what changed, unless LEGAL_DRAFTS=1 builds it as a draft.
 */
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import {
  approvalSchema,
  checkClock,
  checkRecordPublished,
  effectiveOf,
  frozenCopies,
  headingsOf,
  isDraft,
  lastUpdated,
  legalHistory,
  readApprovals,
  today,
  unapprovedReport,
  type Approval,
  type Draft,
  type Published,
} from './approvals.node.ts';
import { legalMoves, publishedLegalPages } from '../addresses/formerPaths.node.ts';
import { legalPageSchema } from './frontMatter.ts';
import { legalDir, LegalTextError, translationSources } from '../addresses/pages.node.ts';
import { recordKey, versionId } from '../addresses/pages.ts';
import { offSiteReport, versionsOffSite } from './languagesOff.node.ts';
import { legalShared, legalText, legalWords } from '../render/text.node.ts';
import {
  publishesStale,
  readTranslationSettings,
  staleReport,
  translationState,
  type TranslationState,
} from '../translations/translations.node.ts';
import { availableLocales } from '../host.node.ts';

export const legalEntrySchema = legalWords.extend({
  kind: z.string(),
  /** The language of its words: English, or a translation's (id `privacy.es`, its versions `privacy.es@2026-11-27`). */
  locale: z.string(),
  /**
   * On a translation: the English version its words translate (its id and the day that version was approved), and,
   * when the English page has a newer approved version that the owner chose to publish it beside, that version.
   */
  translation: z.object({ of: z.string(), date: z.iso.date(), newer: z.string().optional() }).optional(),
  /** Who the page is, its description filled (frontMatter.ts). */
  page: legalPageSchema.extend({ kind: z.string() }),
  /**
   * The approval of the words shown, with its reviews; none on a draft (words no one approved yet: built only in
   * `astro dev` or with LEGAL_DRAFTS=1, marked and kept out of search engines).
   */
  approval: approvalSchema.optional(),
  /** Its identifier, like `privacy@2026-11-25`. */
  version: z.string().optional(),
  /** The date of the shown words' last approval or review (their first effective date on a draft). */
  lastUpdated: z.iso.date(),
  /** On a version that a later one replaced: the day the later one took effect. */
  replacedBy: z.iso.date().optional(),
  /** On a version approved to take effect after the build's date: that day. */
  takesEffectLater: z.iso.date().optional(),
  /** The versions approved to take effect after the build's date, oldest first: the page in effect announces them. */
  upcoming: z.array(approvalSchema.extend({ id: z.string() })).optional(),
  /** On a translation: the English versions approved for later that it does not translate yet, oldest first. */
  englishUpcoming: z.array(z.object({ id: z.string(), takesEffect: z.iso.date() })).optional(),
  /** On a current page: every approved version, newest first, with the sections whose words changed. */
  history: z
    .array(
      approvalSchema.extend({ id: z.string(), changed: z.array(z.object({ id: z.string(), heading: z.string() })) }),
    )
    .optional(),
});
export type LegalEntry = z.infer<typeof legalEntrySchema>;

export function legalLoader(): Loader {
  return {
    name: 'legal-loader',
    schema: legalEntrySchema,
    async load({ store, generateDigest, logger, watcher }) {
      // Served by the integrations inside Astro's build; imported here so that Node alone can read this module.
      const [{ default: config }, { default: mode }] = await Promise.all([
        import('virtual:site/config'),
        import('virtual:legal-record/mode'),
      ]);
      const set = (id: string, body: string, html: string, data: LegalEntry) =>
        store.set({
          id,
          data,
          body,
          rendered: { html, metadata: { headings: headingsOf(html) } },
          digest: generateDigest(`${body}${html}`),
        });
      const load = async () => {
        const approvals = readApprovals();
        // A clock behind the record would publish older versions unannounced: a production build stops, a preview says so.
        try {
          checkClock(approvals);
        } catch (error) {
          if (mode.gated || !(error instanceof LegalTextError)) throw error;
          logger.warn(error.message);
        }
        const shared = legalShared(config);
        const drafts: Draft[] = [];
        const stale: TranslationState[] = [];
        // The config reserves the fixed addresses (src/config/invite.ts); a legal page's own is checked here.
        const clash = shared.pages.find(({ path }) => path === config.invitePath);
        if (clash) {
          throw new LegalTextError(
            `${legalDir}/${clash.kind}.md: path ${clash.path} is also invitePath (site.config.ts); expected an address no other page uses`,
          );
        }
        // Every address a page was published at still leads to it (formerPaths.node.ts): a move not stated stops here.
        // (That no other page of the site answers a former address, the site checks with its page table.)
        legalMoves(publishedLegalPages(config), approvals);
        const translated = availableLocales()
          .filter((locale) => locale !== 'en')
          .map((locale) => ({ locale, sources: translationSources(locale, config.features) }));
        // A page approved once stays published: deleting it, or switching its feature off, stops here.
        checkRecordPublished(config.features, approvals);
        // A language turned off may take its approved versions off the site, but never silently (languagesOff.node.ts).
        const offSite = offSiteReport(versionsOffSite(approvals, config.languages));
        if (offSite) logger.warn(offSite);
        const settings = readTranslationSettings();
        store.clear();
        const englishDates = new Map<string, string>();
        // Every translation stays in the record (checkNoPageLost); only the published languages are built and checked.
        // A language with no legal/ page links each legal page in English (legalLinks.node.ts): nothing to build here.
        const languages = [
          { locale: 'en' as const, shared },
          ...translated
            .filter(({ locale, sources }) => config.languages.includes(locale) && sources.length)
            .map(({ locale, sources }) => ({ locale, shared: legalShared(config, sources, locale) })),
        ];
        for (const { locale, shared: words } of languages) {
          for (const { kind, file } of words.sources) {
            const key = recordKey(kind, locale);
            const now = await legalText(kind, undefined, words);
            const frozen = frozenCopies(key, approvals[key] ?? []);
            const latest = frozen.at(-1);
            const draft = isDraft(now, latest);
            const on = today();
            if (draft) drafts.push({ kind: key, now, latest });
            if (locale === 'en')
              for (const { approval } of frozen) englishDates.set(versionId(kind, approval.version), approval.date);
            // A translation names the English version it translates: stale once a newer English one is in effect, and
            // announcing, in its language, each English change approved for later that it does not translate yet.
            const state =
              locale === 'en'
                ? undefined
                : translationState(
                    approvals[kind] ?? [],
                    { kind, locale, file, translates: latest?.approval.translates },
                    on,
                  );
            const newer = state && !draft && state.stale ? state.englishInEffect : undefined;
            if (state && newer && !publishesStale(settings, state)) stale.push(state);
            const translation = (approval: Approval | undefined) =>
              approval?.translates
                ? {
                    of: approval.translates,
                    date: englishDates.get(approval.translates) ?? approval.translates.split('@')[1]!.slice(0, 10),
                  }
                : undefined;
            const entryState = (approval: Approval | undefined, { data }: Published) => ({
              ...data,
              kind,
              locale,
              page: now.page,
              approval,
              translation: translation(approval),
              version: approval && versionId(key, approval.version),
              lastUpdated: approval ? lastUpdated(approval) : data.effective,
            });
            const history = legalHistory(key, frozen);
            // The page's address shows the version in effect on the build's date (the first one, before any is), and
            // announces each approved one still to come; a draft shows the words as they are now.
            const inEffect = frozen.findLast(({ approval }) => effectiveOf(approval) <= on) ?? frozen[0];
            const upcoming = frozen
              .filter(({ approval }) => effectiveOf(approval) > on && approval !== inEffect?.approval)
              .map(({ approval }) => ({ ...approval, id: versionId(key, approval.version) }));
            const englishUpcoming = state?.toFollow;
            if (draft) set(key, now.markdown, now.html, { ...entryState(undefined, now), history, upcoming });
            else {
              const current = entryState(inEffect!.approval, inEffect!);
              const shown = current.translation && newer ? { ...current.translation, newer } : current.translation;
              set(key, '', inEffect!.html, { ...current, translation: shown, history, upcoming, englishUpcoming });
            }
            // Each version from its frozen copy alone: the renderer never touches it again.
            for (const [index, copy] of frozen.entries()) {
              const next = frozen[index + 1]?.approval;
              const replacedBy = next && effectiveOf(next) <= on ? effectiveOf(next) : undefined;
              const later =
                effectiveOf(copy.approval) > on && copy !== inEffect ? effectiveOf(copy.approval) : undefined;
              const data = { ...entryState(copy.approval, copy), replacedBy, takesEffectLater: later };
              set(versionId(key, copy.approval.version), '', copy.html, data);
            }
          }
        }
        const problems = [
          ...(drafts.length ? [unapprovedReport(drafts)] : []),
          ...(stale.length ? [staleReport(stale)] : []),
        ];
        // A production build publishes only approved words (the integration's mode).
        if (problems.length && mode.gated) throw new LegalTextError(problems.join('\n\n'));
        if (drafts.length && mode.drafts)
          logger.warn(
            `LEGAL_DRAFTS=1: ${drafts.map(({ kind }) => kind).join(', ')} built as drafts, not for deployment`,
          );
      };
      await load();
      // In `astro dev`: any saved file of the legal folder (Markdown, data, wording, approvals) reloads every page.
      watcher?.on('change', (path) => {
        // The English pages' folder and each translation's (src/content/i18n/<locale>/legal/).
        if (path.includes(`/${legalDir}/`) || /\/i18n\/[^/]+\/legal\//.test(path))
          load().catch((error: Error) => logger.error(error.message));
      });
    },
  };
}
