/**
 * What the content in place has, for integration tests that run on the template's content and on an owner's alike:
 * whose legal record it is, and which published languages translate a legal page.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.ts';
import {
  approvalsFile,
  effectiveOf,
  isTemplateRecord,
  readApprovals,
  today,
  versionsDir,
  legalSources,
  translationFile,
  translationSources,
} from 'legal-record';
import { copyProject, type ProjectCopy } from './projectCopy.ts';

/** Whether the legal record is the template's: its maintainers approve with `--template`, an owner without it. */
export const template = isTemplateRecord();

/** The flag `legal:approve` takes on the record in place. */
export const recordFlag = template ? ['--template'] : [];

/** The published languages other than English that translate legal page `kind` (every one when `kind` is omitted). */
export const translationsOf = (kind?: string) =>
  loadConfig()
    .languages.filter((locale) => locale !== 'en')
    .filter((locale) => !kind || existsSync(translationFile(kind, locale)));

/**
 * A copy of the project whose record holds no version approved for later, for a test of the approval flow. Where the
 * owner's record holds one (a change that takes effect next month), the copy's record starts afresh: each published
 * page and translation approved today, so each approval the test makes can take effect on the day it says.
 */
export function settledCopy(): ProjectCopy {
  const project = copyProject();
  const on = today();
  if (!Object.values(readApprovals()).some((list = []) => list.some((approval) => effectiveOf(approval) > on)))
    return project;
  rmSync(join(project.dir, approvalsFile));
  for (const entry of readdirSync(join(project.dir, versionsDir)).filter((name) => name !== 'TEMPLATE'))
    rmSync(join(project.dir, versionsDir, entry), { recursive: true });
  const approve = (...args: string[]) =>
    execFileSync(
      'node_modules/.bin/node',
      [
        'packages/legal/src/commands/approve.ts',
        ...args,
        ...recordFlag,
        '--by',
        'Test Approver',
        '--note',
        'First version',
      ],
      { cwd: project.dir, stdio: 'pipe' },
    );
  const { features, languages } = loadConfig();
  for (const { kind } of legalSources(features)) approve(kind);
  for (const locale of languages.filter((code) => code !== 'en'))
    for (const { kind } of translationSources(locale, features)) approve(kind, '--locale', locale);
  return project;
}
