/**
 * The release every monitoring event carries, computed once at build: the git commit the site is built from (short
 * sha), or the package version when the sources are not a git checkout (a tarball, some CI caches). Build-only: it
 * runs git, so no browser code imports it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);

export function gitCommit(cwd: URL = root): string | undefined {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^[0-9a-f]{4,40}$/.test(sha) ? sha : undefined;
  } catch {
    return undefined;
  }
}

export function packageVersion(cwd: URL = root): string {
  const { version } = JSON.parse(readFileSync(new URL('package.json', cwd), 'utf8')) as { version: string };
  return version;
}

/** This build's release. */
export const release: string = gitCommit() ?? packageVersion();
