/**
 * A second build of the site with other config values (app ids, a DSN), served by the production nginx configuration
 * on a port of its own for one `describe` group: built before its first test, stopped after its last.
 */
import { test } from '@playwright/test';
import { startNginx } from '../../../scripts/nginx.ts';
import { freePort, run } from '../../support/processes.ts';

/** Registers the group's build and server; `served.origin` and `served.port` hold its address once built. */
export function variantBuild(outDir: string, env: Record<string, string>) {
  const served = { origin: '', port: 0, stop: async () => {} };
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    await run('node_modules/.bin/astro', ['build', '--outDir', outDir], {
      ...process.env,
      ...env,
      // Other config values may change approved legal words (an Android app adds the kinds of data only it collects),
      // which only an approval publishes: this build previews them, as an owner's preview would (docs/deploy.md).
      LEGAL_DRAFTS: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
    });
    served.port = await freePort();
    served.origin = `http://127.0.0.1:${served.port}`;
    served.stop = (await startNginx({ port: served.port, root: outDir })).stop;
  });
  test.afterAll(() => served.stop());
  return served;
}
