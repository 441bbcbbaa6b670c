import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Integration tier: a real `astro build` with a bad config value.
const run = promisify(execFile);

describe('the build', () => {
  it('stops on a bad config value and names the field', async () => {
    const failure = await run('node_modules/.bin/astro', ['build'], {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_CONTACT_EMAIL: 'not-an-email' },
    }).then(
      () => undefined,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).not.toBe(0);
    expect(`${failure?.stdout}${failure?.stderr}`).toContain('contactEmail (PUBLIC_CONTACT_EMAIL) is "not-an-email"');
  }, 60_000);
});
