/**
 * What the content in place has, for integration tests that run on the template's content and on an owner's alike
 * (issue 60): whose legal record it is, and which published languages translate a legal page.
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../../src/config/index.ts';
import { isTemplateRecord } from '../../src/lib/legal/approvals.node.ts';
import { translationFile } from '../../src/lib/legal/pages.node.ts';

/** Whether the legal record is the template's: its maintainers approve with `--template`, an owner without it. */
export const template = isTemplateRecord();

/** The flag `legal:approve` takes on the record in place. */
export const recordFlag = template ? ['--template'] : [];

/** The published languages other than English that translate legal page `kind` (every one when `kind` is omitted). */
export const translationsOf = (kind?: string) =>
  loadConfig()
    .languages.filter((locale) => locale !== 'en')
    .filter((locale) => !kind || existsSync(translationFile(kind, locale)));
