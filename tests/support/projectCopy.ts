/** A throwaway copy of the project, for tests that edit it the way an owner would and then build it for real. */
import { execFile, execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');

export interface ProjectCopy {
  dir: string;
  /** Replaces `from` in one of the copy's files; throws when the file no longer holds it (the test is then stale). */
  edit(path: string, from: string | RegExp, to: string): void;
  read(path: string): string;
  write(path: string, text: string): void;
  /** `astro build` in the copy; resolves with its exit code and output, whatever the code. */
  build(env?: Record<string, string>): Promise<{ code: number; output: string }>;
  remove(): void;
}

/** The build tools' caches in node_modules (Astro's, Vite's, Vitest's): each copy keeps its own. */
const caches = /^\.(astro|vite|vite-temp|vitest-cache)$/;

/**
 * Copies the files git tracks (as they are in the working tree). Each package in node_modules is linked, not copied
 * (a workspace's link leads to the copy's own folder), but the caches are not: copies build side by side (the integration tier runs files in parallel), and two builds
 * writing one cache corrupt it.
 */
export function copyProject(): ProjectCopy {
  const dir = mkdtempSync(join(tmpdir(), 'project-copy-'));
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter(Boolean)) cpSync(join(root, file), join(dir, file), { recursive: true });
  // The project's own workspaces (packages/legal) and their commands are the copy's, edited and run with it.
  const linked = (file: string) => {
    const real = realpathSync(file);
    return real.startsWith(join(root, 'packages/')) ? join(dir, relative(root, real)) : real;
  };
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  for (const entry of readdirSync(join(root, 'node_modules')).filter((name) => !caches.test(name) && name !== '.bin')) {
    symlinkSync(linked(join(root, 'node_modules', entry)), join(dir, 'node_modules', entry));
  }
  for (const bin of readdirSync(join(root, 'node_modules/.bin'))) {
    symlinkSync(linked(join(root, 'node_modules/.bin', bin)), join(dir, 'node_modules/.bin', bin));
  }
  return {
    dir,
    edit(path, from, to) {
      const file = join(dir, path);
      const text = readFileSync(file, 'utf8');
      const edited = text.replace(from, to);
      if (edited === text) throw new Error(`${path} does not hold ${String(from)}`);
      writeFileSync(file, edited);
    },
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    write: (path, text) => writeFileSync(join(dir, path), text),
    build: (env = {}) =>
      new Promise((resolve) => {
        const options = { cwd: dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } };
        execFile('node_modules/.bin/astro', ['build'], options, (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        );
      }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every file under `dir` (a build, say), with its path; not the compressed copies (`.br`, `.gz`) the build writes. */
export const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
