/**
 * The Debian packages the project's commands need, installed once, up front, by the first step of each npm script
 * that needs them (never by a test):
 *
 *   node scripts/ensure-system-deps.mjs [group...]   every group when none is named
 *
 * It checks each group, and when packages are missing and it runs as root with apt-get, installs all of them in one
 * `apt-get install` call (after one `apt-get update`), printing one line per group with the time it took. Where it
 * cannot install (not root, no apt-get), it stops at once naming the packages and the command to run, or CHROME_PATH.
 *
 * Importable: `missingPackages()` and `plan()` are the pure decision (tests inject the presence checks),
 * `ensureSystemPackages()` carries it out, `systemPackagesProblem()` tells a test what to run when its tool is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium.mjs';
import { firefoxPath, miniBrowserPath, webKitDriverPath, xvfbPath } from './engines.mjs';
import { modulesDir, nginxBinary } from './nginx.mjs';

const runs = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/**
 * Each group: what needs it, and its Debian packages, each with how to tell it is installed. A group whose
 * `providedBy` variable is set (to an existing file) counts as present: CHROME_PATH brings a browser of one's own.
 */
export const groups = {
  browser: {
    for: 'the end-to-end tests, the report and the footage renderer',
    providedBy: 'CHROME_PATH',
    packages: {
      chromium: () => Boolean(chromiumPath()),
      'fonts-noto-color-emoji': () => existsSync('/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'),
    },
  },
  server: {
    for: '`npm start`, the tests and the report (the production nginx configuration, TLS for the Observatory test, wrk for the load test)',
    packages: {
      nginx: () => Boolean(nginxBinary()),
      'libnginx-mod-http-brotli-filter': () => existsSync(`${modulesDir}/ngx_http_brotli_filter_module.so`),
      'libnginx-mod-http-brotli-static': () => existsSync(`${modulesDir}/ngx_http_brotli_static_module.so`),
      openssl: () => runs('openssl', ['version']),
      wrk: () => existsSync('/usr/bin/wrk'),
    },
  },
  media: {
    for: 'the media pipeline (`npm run media`, `npm run footage`) and its integration test',
    packages: { ffmpeg: () => ['ffmpeg', 'ffprobe'].every((tool) => runs(tool, ['-version'])) },
  },
  engines: {
    for: 'the WebKit and Firefox smoke suite (`npm run test:engines`): WebKitGTK and Firefox ESR on an X display',
    packages: {
      'webkit2gtk-driver': () => existsSync(webKitDriverPath) && existsSync(miniBrowserPath),
      xvfb: () => existsSync(xvfbPath),
      xauth: () => existsSync('/usr/bin/xauth'),
      // WebKit plays video through GStreamer: VP9 (good), H.264 and AV1 (libav), the parsers (bad), GL upload (gl).
      'gstreamer1.0-plugins-good': () => gstreamerPlugin('libgstvpx.so'),
      'gstreamer1.0-plugins-bad': () => gstreamerPlugin('libgstvideoparsersbad.so'),
      'gstreamer1.0-libav': () => gstreamerPlugin('libgstlibav.so'),
      'gstreamer1.0-gl': () => gstreamerPlugin('libgstopengl.so'),
      'firefox-esr': () => existsSync(firefoxPath),
    },
  },
};

function gstreamerPlugin(file) {
  return existsSync(`/usr/lib/x86_64-linux-gnu/gstreamer-1.0/${file}`);
}

/** The command that installs Debian packages without questions; RUNLEVEL=1 keeps Debian's nginx from starting on :80. */
export const aptEnv = { DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
// Other processes (another test run, unattended upgrades) may hold the dpkg lock: wait for it rather than fail.
const aptOptions = ['-o', 'DPkg::Lock::Timeout=600'];

export class SystemDepsError extends Error {}

/**
 * @typedef {object} Checks how this machine is examined (tests inject their own)
 * @property {(group: string, pkg: string) => boolean} isPresent whether a group's package is installed
 * @property {(group: string) => boolean} [isProvided] whether the group's variable (CHROME_PATH) brings it
 * @property {() => boolean} isRoot
 * @property {() => boolean} hasAptGet
 */

/**
 * The groups' names, checked: an unknown one stops with the known ones.
 * @param {string[]} names
 */
export function groupNames(names) {
  const list = names.length ? names : Object.keys(groups);
  const unknown = list.filter((name) => !(name in groups));
  if (unknown.length) {
    throw new SystemDepsError(
      `unknown group(s) ${unknown.join(', ')}; expected some of ${Object.keys(groups).join(', ')}`,
    );
  }
  return [...new Set(list)];
}

/**
 * Pure: the missing packages of each named group, given `isPresent(group, pkg)` and `isProvided(group)` (whether
 * the group's variable brings it). Returns { [group]: [missing package, ...] }, an empty list for a complete group.
 * @param {string[]} names
 * @param {Pick<Checks, 'isPresent' | 'isProvided'>} checks
 * @returns {Record<string, string[]>}
 */
export function missingPackages(names, { isPresent, isProvided = () => false }) {
  return Object.fromEntries(
    groupNames(names).map((name) => [
      name,
      isProvided(name) ? [] : Object.keys(groups[name].packages).filter((pkg) => !isPresent(name, pkg)),
    ]),
  );
}

/**
 * Pure: what to do about the missing packages, given whether this process is root and has apt-get.
 *   { action: 'none' }
 *   { action: 'install', packages, commands: [[update...], [install...]] }   one update, one install, all packages
 *   { action: 'stop', packages, message }                                     says what to run or set
 * @param {Record<string, string[]>} missing
 * @param {{ isRoot: boolean, hasAptGet: boolean }} here
 * @returns {{ action: 'none' | 'install' | 'stop', packages: string[], commands?: string[][], message?: string }}
 */
export function plan(missing, { isRoot, hasAptGet }) {
  const packages = [...new Set(Object.values(missing).flat())];
  if (packages.length === 0) return { action: 'none', packages };
  if (isRoot && hasAptGet) {
    return {
      action: 'install',
      packages,
      commands: [
        ['apt-get', ...aptOptions, 'update', '-qq'],
        ['apt-get', ...aptOptions, 'install', '-y', '-qq', ...packages],
      ],
    };
  }
  const missingGroups = Object.entries(missing).filter(([, list]) => list.length);
  const why = hasAptGet
    ? 'this process is not root, so it cannot install them'
    : 'this machine has no apt-get (not Debian), so they cannot be installed from here';
  const install = `sudo apt-get install -y ${packages.join(' ')}`;
  const lines = [
    `Missing system packages: ${missingGroups.map(([name, list]) => `${name} (${list.join(', ')})`).join('; ')}.`,
    `They cannot be installed here: ${why}.`,
    hasAptGet
      ? `Run:  ${install}`
      : `Install the same tools with this system's package manager (on Debian: ${install}).`,
  ];
  for (const [name] of missingGroups) {
    const variable = groups[name].providedBy;
    if (variable) lines.push(`Or, for the ${name} group, set ${variable} to a Chromium or Chrome binary.`);
  }
  lines.push(`Then run the command again.`);
  return { action: 'stop', packages, message: lines.join('\n') };
}

/** The presence checks of this machine. @type {Checks} */
export const machine = {
  isPresent: (group, pkg) => groups[group].packages[pkg](),
  isProvided: (group) => {
    const variable = groups[group].providedBy;
    return Boolean(variable && process.env[variable] && existsSync(process.env[variable]));
  },
  isRoot: () => process.getuid?.() === 0,
  hasAptGet: () => runs('apt-get', ['--version']),
};

/**
 * What a test whose tool is missing should say (undefined when every package of the groups is here).
 * @param {...string} names
 */
export function systemPackagesProblem(...names) {
  const missing = Object.entries(missingPackages(names, machine)).filter(([, list]) => list.length);
  if (missing.length === 0) return undefined;
  const packages = missing.flatMap(([, list]) => list);
  return (
    `Missing system packages: ${missing.map(([name, list]) => `${name} (${list.join(', ')})`).join('; ')}. ` +
    `Tests install nothing: run \`node scripts/ensure-system-deps.mjs ${missing.map(([name]) => name).join(' ')}\` ` +
    `as root (the first step of \`npm test\` does), or \`sudo apt-get install -y ${packages.join(' ')}\`.`
  );
}

const seconds = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

/** Runs one apt-get command, its output kept for when it fails. */
function apt(command) {
  const run = spawnSync(command[0], command.slice(1), {
    env: { ...process.env, ...aptEnv },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new SystemDepsError(`\`${command.join(' ')}\` failed (exit ${run.status ?? run.signal}):\n${output}`);
  }
}

/**
 * Makes every package of the named groups (all when none) present, or throws a SystemDepsError saying what to do.
 * @param {string[]} [names]
 * @param {{ checks?: Checks, log?: (line: string) => void, run?: (command: string[]) => void }} [options]
 *   (tests pass their own checks and `run`, so they never call apt-get)
 */
export function ensureSystemPackages(names = [], { checks = machine, log = console.log, run = apt } = {}) {
  const missing = missingPackages(names, checks);
  const decision = plan(missing, { isRoot: checks.isRoot(), hasAptGet: checks.hasAptGet() });
  for (const [name, list] of Object.entries(missing)) {
    if (list.length === 0) log(`system packages: ${name} present`);
  }
  if (decision.action === 'stop') throw new SystemDepsError(decision.message);
  if (decision.action === 'none') return missing;

  const installing = Object.keys(missing).filter((name) => missing[name].length);
  log(`system packages: installing ${decision.packages.join(' ')} from Debian (for ${installing.join(', ')})...`);
  const start = performance.now();
  const [update, install] = decision.commands;
  run(update);
  log(`system packages: apt-get update in ${seconds(start)}`);
  run(install);
  const shared = installing.length > 1 ? ` (one apt-get call for ${installing.join(', ')})` : '';
  const after = missingPackages(installing, checks);
  for (const name of installing) {
    if (after[name].length) {
      throw new SystemDepsError(
        `system packages: ${name} is still missing ${after[name].join(', ')} after \`${install.join(' ')}\`.`,
      );
    }
    log(`system packages: ${name} installed in ${seconds(start)}${shared}`);
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureSystemPackages(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
