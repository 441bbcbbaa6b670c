import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgets, bytesGate } from '../../scripts/report/bytes.ts';

/** Random bytes as hex: gzip cannot shrink them much, so a file of n characters stays near n/2 bytes gzipped. */
const noise = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 16).toString(16)).join('');

// The report's byte gate on the invite page: read from the one file that answers every code, allowed its small script.
describe('the byte budget of the invite page', () => {
  let dist: string;
  const invite = { path: '/join/ABC123', file: 'join.html' };
  const onlyInvite = (failures: string[]) => failures.filter((failure) => failure.startsWith('bytes: /join/'));

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'bytes-gate-'));
    await mkdir(join(dist, '_astro'));
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  const page = (script: string) =>
    writeFile(join(dist, 'join.html'), `<!doctype html><html><body><script type="module" src="${script}"></script>`);

  it('reads the page at its example code from join.html, and passes its small script', async () => {
    await writeFile(join(dist, '_astro/invite.js'), 'console.log("invite")');
    await page('/_astro/invite.js');
    const result = await bytesGate(dist, [invite.path], invite);
    expect(result.rows[0]).toMatchObject({ page: invite.path });
    expect(onlyInvite(result.failures)).toEqual([]);
  });

  it('fails a script over its budget', async () => {
    await writeFile(join(dist, '_astro/big.js'), noise(budgets.inviteJsBeforeLoad * 3));
    await page('/_astro/big.js');
    expect(onlyInvite((await bytesGate(dist, [invite.path], invite)).failures)).toEqual([
      expect.stringMatching(/^bytes: \/join\/ABC123 loads .* of JavaScript before the load event, over the .* budget$/),
    ]);
  });
});
