import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import {
  errorBufferScript,
  monitoringConnectSrc,
  monitoringOptions,
  monitoringSettings,
  readSettings,
  replayOptions,
  settingsJson,
  tracePropagationTargets,
} from '../../src/lib/monitoring/settings.ts';
import { gitCommit, packageVersion, release } from '../../src/lib/monitoring/release.node.ts';
import { siteValues } from '../fixtures/siteValues.ts';

const dsn = 'https://0123abcd@o42.ingest.us.sentry.io/4507';
const config = (values: Record<string, unknown> = {}, env: Record<string, string> = {}) =>
  loadConfig(env, { ...siteValues, sentryDsn: dsn, apiHost: 'api.tablemates.app', ...values });

/** Whether the SDK would add tracing headers to a request to `url` (it tests each target against the full URL). */
const propagatesTo = (url: string, host = 'api.tablemates.app') =>
  tracePropagationTargets(host).some((target) => target.test(new URL(url).toString()));

describe('monitoring settings', () => {
  it('are absent without a DSN, so pages render no monitoring at all', () => {
    expect(monitoringSettings(config({ sentryDsn: '' }), 'abc1234')).toBeUndefined();
  });

  it('are absent on the invite page, whose address carries the code, and present on every other page', () => {
    const withInvites = config({ invitePath: '/join' });
    for (const path of ['/join', '/join.html', '/join/ABC123', '/join/ABC123/']) {
      expect(monitoringSettings(withInvites, 'abc1234', path), path).toBeUndefined();
    }
    for (const path of ['/', '/privacy', '/joined', '/legal/privacy/history']) {
      expect(monitoringSettings(withInvites, 'abc1234', path), path).toBeDefined();
    }
  });

  it('carry the DSN, environment, release and the specified rates', () => {
    expect(monitoringSettings(config({ sentryEnvironment: 'staging' }), 'abc1234')).toEqual({
      dsn,
      environment: 'staging',
      release: 'abc1234',
      tracesSampleRate: 1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      apiHost: 'api.tablemates.app',
    });
  });

  it('survive the trip through the page as JSON, and no value can close the script tag', () => {
    const settings = monitoringSettings(config({ sentryEnvironment: '</script><b>x' }), 'abc1234')!;
    const json = settingsJson(settings);
    expect(json).not.toContain('<');
    expect(readSettings(json)).toEqual(settings);
    expect(readSettings('')).toBeUndefined();
  });
});

describe('SDK options', () => {
  const options = monitoringOptions(monitoringSettings(config(), 'abc1234')!);

  it('sample every trace, a tenth of sessions and every session with an error', () => {
    expect(options).toMatchObject({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
  });

  it('name the DSN, environment and release and collect no visitor details, cookies, headers or bodies', () => {
    expect(options).toMatchObject({
      dsn,
      environment: 'production',
      release: 'abc1234',
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [] },
    });
  });

  it('propagate traces to localhost and the configured API only', () => {
    expect(options.tracePropagationTargets.map(String)).toEqual([
      String(/^https?:\/\/localhost(?::\d+)?(?:[/?#]|$)/),
      String(/^https:\/\/api\.tablemates\.app(?::443)?\/api(?:[/?#]|$)/),
    ]);
  });

  it('mask all text and inputs and block all media in replays, with the worker from our own origin', () => {
    expect(replayOptions('/_astro/worker.js')).toEqual({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      workerUrl: '/_astro/worker.js',
    });
  });
});

describe('trace propagation', () => {
  it.each([
    'https://api.tablemates.app/api',
    'https://api.tablemates.app/api/',
    'https://api.tablemates.app/api/groups/42?near=1',
    'https://API.Tablemates.app/api/x',
    'https://api.tablemates.app:443/api/x',
    'http://localhost/',
    'http://localhost:4351/api/x',
    'http://localhost',
    'https://localhost:8443/x',
  ])('reaches %s', (url) => {
    expect(propagatesTo(url)).toBe(true);
  });

  it.each([
    'https://api.tablemates.app.evil.example/api',
    'https://evil.example/?u=https://api.tablemates.app/api',
    'http://api.tablemates.app/api',
    'https://api.tablemates.app/apis',
    'https://api.tablemates.app/v1/api',
    'https://api.tablemates.app:8443/api/x',
    'https://apiXtablemates.app/api',
    'https://api.tablemates.app@evil.example/api',
    'https://evil-api.tablemates.app/api',
    'http://localhost.evil.example/',
    'http://127.0.0.1:4351/api/x',
    'https://example.com/api/x',
  ])('does not reach %s', (url) => {
    expect(propagatesTo(url)).toBe(false);
  });

  it('never matches a same-origin path on its own', () => {
    // The SDK also tests same-origin requests' bare paths; those start with "/" and must not match.
    expect(tracePropagationTargets('api.tablemates.app').some((target) => target.test('/api/x'))).toBe(false);
  });
});

describe('connect-src for the CSP', () => {
  it('is the ingest origin of the DSN and nothing broader', () => {
    expect(monitoringConnectSrc({ sentryDsn: dsn })).toEqual(['https://o42.ingest.us.sentry.io']);
    expect(monitoringConnectSrc({ sentryDsn: 'http://key@127.0.0.1:4351/1' })).toEqual(['http://127.0.0.1:4351']);
  });

  it('is empty without a DSN', () => {
    expect(monitoringConnectSrc({ sentryDsn: '' })).toEqual([]);
  });

  it.each(['not a dsn', 'https://o42.ingest.sentry.io/4507', 'https://key@o42.ingest.sentry.io/', 'ftp://k@h/1'])(
    'names the field, the value and the expected form when the DSN is %s',
    (sentryDsn) => {
      expect(() => monitoringConnectSrc({ sentryDsn })).toThrow(
        `sentryDsn (PUBLIC_SENTRY_DSN) is ${JSON.stringify(sentryDsn)}; expected a Sentry DSN with a public key`,
      );
    },
  );

  it('refuses a DSN with a secret key, which every page would publish, naming the field, value and form', () => {
    const secret = 'https://0123abcd:s3cr3t@o42.ingest.us.sentry.io/4507';
    expect(() => config({}, { PUBLIC_SENTRY_DSN: secret })).toThrow(
      `sentryDsn (PUBLIC_SENTRY_DSN) is ${JSON.stringify(secret)}; expected empty (monitoring off) or a Sentry DSN ` +
        'with a public key, no secret key (key:secret@ would publish the secret in every page)',
    );
    expect(() => monitoringConnectSrc({ sentryDsn: secret })).toThrow('no secret key');
    // An empty secret (`key:@`) is refused too: the form itself is the old one.
    expect(() => monitoringConnectSrc({ sentryDsn: 'https://0123abcd:@o42.ingest.us.sentry.io/4507' })).toThrow();
  });

  it('stops the build when the DSN has no public key', () => {
    expect(() =>
      monitoringSettings(config({}, { PUBLIC_SENTRY_DSN: 'https://o42.ingest.sentry.io/4507' }), 'x'),
    ).toThrow('sentryDsn (PUBLIC_SENTRY_DSN) is "https://o42.ingest.sentry.io/4507"');
  });
});

describe('release', () => {
  it('is the short git commit when built from a checkout, else the package version', () => {
    expect(release).toBe(gitCommit() ?? packageVersion());
    expect(release).toMatch(/^(?:[0-9a-f]{7,40}|\d+\.\d+\.\d+.*)$/);
  });

  it('falls back to the package version outside a git checkout', () => {
    expect(gitCommit(new URL('file:///'))).toBeUndefined();
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('early error buffer', () => {
  it('keeps errors until the SDK takes them, then stops listening', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const page: Record<string, unknown> = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    page.window = page;
    new Function('addEventListener', 'removeEventListener', 'window', errorBufferScript)(
      page.addEventListener,
      page.removeEventListener,
      page,
    );
    listeners.get('error')?.({ message: 'early' });
    listeners.get('unhandledrejection')?.({ reason: 'later' });
    const buffer = page.__monitoringQueue as { take(): unknown[] };
    expect(buffer.take()).toEqual([{ message: 'early' }, { reason: 'later' }]);
    expect(listeners.size).toBe(0);
  });

  it('keeps at most 30 errors, so a page whose SDK never loads does not grow without bound', () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const page: Record<string, unknown> = {};
    new Function('addEventListener', 'removeEventListener', 'window', errorBufferScript)(
      (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      () => undefined,
      page,
    );
    for (let i = 0; i < 40; i++) listeners.get('error')?.({ message: `error ${i}` });
    expect((page.__monitoringQueue as { take(): unknown[] }).take()).toHaveLength(30);
  });
});
