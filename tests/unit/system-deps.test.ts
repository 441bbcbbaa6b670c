import { describe, expect, it } from 'vitest';
import {
  ensureSystemPackages,
  groups,
  missingPackages,
  plan,
  SystemDepsError,
} from '../../scripts/ensure-system-deps.mjs';

/** Presence checks that say every package is installed except the ones named. */
const absent =
  (...packages: string[]) =>
  (_group: string, pkg: string) =>
    !packages.includes(pkg);

describe('the system packages step decides', () => {
  it('groups the packages each command needs', () => {
    expect(
      Object.fromEntries(Object.entries(groups).map(([name, group]) => [name, Object.keys(group.packages)])),
    ).toEqual({
      browser: ['chromium', 'fonts-noto-color-emoji'],
      server: ['nginx', 'libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static', 'openssl', 'wrk'],
      media: ['ffmpeg'],
      engines: [
        'webkit2gtk-driver',
        'xvfb',
        'xauth',
        'gstreamer1.0-plugins-good',
        'gstreamer1.0-plugins-bad',
        'gstreamer1.0-libav',
        'gstreamer1.0-gl',
        'firefox-esr',
      ],
    });
  });

  it('does nothing when every package is there', () => {
    const missing = missingPackages(['browser', 'server', 'media'], { isPresent: absent() });
    expect(missing).toEqual({ browser: [], server: [], media: [] });
    expect(plan(missing, { isRoot: true, hasAptGet: true })).toEqual({ action: 'none', packages: [] });
  });

  it('checks only the groups a command names (all of them when it names none)', () => {
    expect(Object.keys(missingPackages(['media'], { isPresent: absent('chromium') }))).toEqual(['media']);
    expect(missingPackages([], { isPresent: absent('ffmpeg') })).toEqual({
      browser: [],
      server: [],
      media: ['ffmpeg'],
      engines: [],
    });
    expect(() => missingPackages(['ffmpeg'], { isPresent: absent() })).toThrow(
      'unknown group(s) ffmpeg; expected some of browser, server, media',
    );
  });

  it('installs every missing package of every group in one apt-get call, after one update', () => {
    const missing = missingPackages(['browser', 'server', 'media'], {
      isPresent: absent('ffmpeg', 'chromium', 'libnginx-mod-http-brotli-static'),
    });
    expect(missing).toEqual({
      browser: ['chromium'],
      server: ['libnginx-mod-http-brotli-static'],
      media: ['ffmpeg'],
    });
    const decision = plan(missing, { isRoot: true, hasAptGet: true });
    expect(decision.action).toBe('install');
    expect(decision.commands).toHaveLength(2);
    expect(decision.commands![0]).toEqual(['apt-get', '-o', 'DPkg::Lock::Timeout=600', 'update', '-qq']);
    expect(decision.commands![1]).toEqual([
      'apt-get',
      '-o',
      'DPkg::Lock::Timeout=600',
      'install',
      '-y',
      '-qq',
      'chromium',
      'libnginx-mod-http-brotli-static',
      'ffmpeg',
    ]);
  });

  it('takes a browser from CHROME_PATH instead of installing one', () => {
    const missing = missingPackages(['browser'], {
      isPresent: absent('chromium', 'fonts-noto-color-emoji'),
      isProvided: (group) => group === 'browser',
    });
    expect(plan(missing, { isRoot: false, hasAptGet: false }).action).toBe('none');
  });

  it('stops when not root, naming the packages and the exact command', () => {
    const missing = missingPackages(['server', 'media'], { isPresent: absent('ffmpeg', 'nginx') });
    const decision = plan(missing, { isRoot: false, hasAptGet: true });
    expect(decision.action).toBe('stop');
    expect(decision.message).toContain('Missing system packages: server (nginx); media (ffmpeg).');
    expect(decision.message).toContain('this process is not root');
    expect(decision.message).toContain('Run:  sudo apt-get install -y nginx ffmpeg');
    expect(decision.message).not.toContain('CHROME_PATH');
  });

  it('stops without apt-get (not Debian), and offers CHROME_PATH for the browser', () => {
    const missing = missingPackages(['browser'], { isPresent: absent('chromium', 'fonts-noto-color-emoji') });
    const decision = plan(missing, { isRoot: true, hasAptGet: false });
    expect(decision.action).toBe('stop');
    expect(decision.message).toContain('Missing system packages: browser (chromium, fonts-noto-color-emoji).');
    expect(decision.message).toContain('no apt-get (not Debian)');
    expect(decision.message).toContain('sudo apt-get install -y chromium fonts-noto-color-emoji');
    expect(decision.message).toContain('set CHROME_PATH to a Chromium or Chrome binary');
  });
});

describe('the system packages step', () => {
  it('installs what is missing with one update and one install, then prints a line per group', () => {
    const installed = new Set(['chromium', 'fonts-noto-color-emoji']);
    const commands: string[][] = [];
    const lines: string[] = [];
    const checks = {
      isPresent: (_group: string, pkg: string) => installed.has(pkg),
      isProvided: () => false,
      isRoot: () => true,
      hasAptGet: () => true,
    };
    const run = (command: string[]) => {
      commands.push(command);
      if (command.includes('install')) for (const pkg of command.slice(6)) installed.add(pkg);
    };
    ensureSystemPackages(['browser', 'media'], { checks, run, log: (line) => lines.push(line) });
    expect(commands.map((command) => command.slice(3).join(' '))).toEqual(['update -qq', 'install -y -qq ffmpeg']);
    expect(lines[0]).toBe('system packages: browser present');
    expect(lines[1]).toBe('system packages: installing ffmpeg from Debian (for media)...');
    expect(lines[2]).toMatch(/^system packages: apt-get update in \d+\.\d s$/);
    expect(lines[3]).toMatch(/^system packages: media installed in \d+\.\d s$/);
    expect(lines).toHaveLength(4);

    // Nothing missing any more: no apt-get at all.
    ensureSystemPackages(['browser', 'media'], { checks, run, log: () => {} });
    expect(commands).toHaveLength(2);
  });

  it('throws when a package is still missing after apt-get', () => {
    const checks = { isPresent: absent('ffmpeg'), isProvided: () => false, isRoot: () => true, hasAptGet: () => true };
    expect(() => ensureSystemPackages(['media'], { checks, run: () => {}, log: () => {} })).toThrow(
      'system packages: media is still missing ffmpeg after `apt-get -o DPkg::Lock::Timeout=600 install -y -qq ffmpeg`.',
    );
  });

  it('prints one line per group and throws the stop message before installing anything', () => {
    const lines: string[] = [];
    const checks = {
      isPresent: absent('ffmpeg'),
      isProvided: () => false,
      isRoot: () => false,
      hasAptGet: () => true,
    };
    const run = () => {
      throw new Error('apt-get must not run');
    };
    expect(() => ensureSystemPackages(['browser', 'media'], { checks, run, log: (line) => lines.push(line) })).toThrow(
      SystemDepsError,
    );
    expect(lines).toEqual(['system packages: browser present']);
    expect(ensureSystemPackages(['browser', 'server'], { checks, run, log: (line) => lines.push(line) })).toEqual({
      browser: [],
      server: [],
    });
    expect(lines.slice(1)).toEqual(['system packages: browser present', 'system packages: server present']);
  });
});
