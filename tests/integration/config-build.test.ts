import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { siYoutube } from 'simple-icons';
import { parse } from 'ultrahtml';
import { querySelector, querySelectorAll } from 'ultrahtml/selector';
import { describe, expect, it } from 'vitest';

// Integration tier: real `astro build`s with a bad config value, and of a copy with one network added.
const run = promisify(execFile);

/** Builds the project in `cwd`; resolves with the exit code and the output. */
const build = (cwd: string, env: Record<string, string> = {}) =>
  run('node_modules/.bin/astro', ['build'], {
    cwd,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: `${error.stdout}${error.stderr}`,
    }),
  );

describe('the build', () => {
  it('stops on a bad config value and names the field', async () => {
    const { code, output } = await build('.', { PUBLIC_CONTACT_EMAIL: 'not-an-email' });
    expect(code).not.toBe(0);
    expect(output).toContain('contactEmail (PUBLIC_CONTACT_EMAIL) is "not-an-email"');
  }, 60_000);

  it('stops on a Sentry DSN with a secret key, which every page would publish', async () => {
    const secret = 'https://0123abcd:s3cr3t@o42.ingest.us.sentry.io/4507';
    const { code, output } = await build('.', { PUBLIC_SENTRY_DSN: secret });
    expect(code).not.toBe(0);
    expect(output).toContain(`sentryDsn (PUBLIC_SENTRY_DSN) is ${JSON.stringify(secret)}; expected empty`);
    expect(output).toContain('no secret key');
  }, 60_000);

  it('stops on a social network whose icon Simple Icons does not have, naming the entry and the value', async () => {
    const social = [{ name: 'YouTube', icon: 'you-tube', url: 'https://www.youtube.com/@tablemates' }];
    const { code, output } = await build('.', { PUBLIC_SOCIAL: JSON.stringify(social) });
    expect(code).not.toBe(0);
    expect(output).toContain('social[0].icon (PUBLIC_SOCIAL) is "you-tube"; expected a Simple Icons slug');
  }, 60_000);

  it('adds a social network from one entry in site.config.ts: the hero, the footer and sameAs show it', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'social-project-'));
    try {
      // Everything the build reads; node_modules is linked, not copied.
      for (const entry of [
        'astro.config.ts',
        'package.json',
        'tsconfig.json',
        'site.config.ts',
        'src',
        'public',
        'scripts',
      ]) {
        await cp(entry, join(copy, entry), { recursive: true });
      }
      await symlink(join(process.cwd(), 'node_modules'), join(copy, 'node_modules'), 'dir');
      const youtube = 'https://www.youtube.com/@forkful';
      const siteConfig = join(copy, 'site.config.ts');
      const text = await readFile(siteConfig, 'utf8');
      const edited = text.replace(
        /^(\s*)social: \[\n/m,
        `$&$1  { name: 'YouTube', icon: 'youtube', url: '${youtube}' },\n`,
      );
      expect(edited, 'site.config.ts has a social list').not.toBe(text);
      await writeFile(siteConfig, edited);

      const { code, output } = await build(copy);
      expect(code, output).toBe(0);

      const page = parse(await readFile(join(copy, 'dist/index.html'), 'utf8'));
      for (const place of ['.cta', 'footer']) {
        const links = querySelectorAll(page, `${place} a[href="${youtube}"]`);
        expect(links, place).toHaveLength(1);
        expect(links[0]?.attributes['aria-label'], place).toMatch(/ on YouTube$/);
        expect(querySelector(links[0]!, 'path')?.attributes.d, place).toBe(siYoutube.path);
      }
      const jsonLd = querySelectorAll(page, 'script[type="application/ld+json"]').map(
        (script) =>
          JSON.parse(script.children.map((child: { value?: string }) => child.value ?? '').join('')) as {
            '@type': string;
            sameAs?: string[];
          },
      );
      expect(jsonLd.find((item) => item['@type'] === 'Organization')?.sameAs?.[0]).toBe(youtube);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 300_000);
});
