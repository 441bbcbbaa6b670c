/**
 * Runs the production nginx configuration (deploy/) against dist/, from a prefix of its own under deploy/.run/<port>/
 * (config, pid, logs, temp files), so it needs no system configuration and tests can start and stop it by its pid.
 *
 *   node scripts/nginx.ts start [--port 4321] [--root dist] [--foreground]   serve over HTTP on 127.0.0.1
 *   node scripts/nginx.ts stop [--port 4321]                                 stop it by the pid it wrote
 *   node scripts/nginx.ts serve [--port 4321]                                `npm start`: nginx in the foreground,
 *                                                                             or `astro preview` where nginx cannot run
 *   node scripts/nginx.ts site [--root dist]                                 print the server rules for production
 *   node scripts/nginx.ts redirect                                           print the plain-HTTP server's rule,
 *                                                                             to https:// on siteUrl's host
 *
 * Importable: startNginx() / stopNginx() (the Observatory test adds HTTPS with HTTP/2 and deploy/tls.conf on 443,
 * and a redirect on 80). It installs nothing: `node scripts/ensure-system-deps.ts server` does (the first step of
 * `npm start`).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const deploy = join(root, 'deploy');
export const modulesDir = '/usr/lib/nginx/modules';

/** The nginx binary: on PATH, or Debian's /usr/sbin/nginx (not on a normal user's PATH). */
export function nginxBinary() {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return [onPath, '/usr/sbin/nginx'].find((path) => path && existsSync(path));
}

/** Whether nginx and Debian's brotli modules are installed (the "server" group of scripts/ensure-system-deps.ts). */
export function nginxPresent() {
  return (
    Boolean(nginxBinary()) &&
    ['ngx_http_brotli_filter_module.so', 'ngx_http_brotli_static_module.so'].every((file) =>
      existsSync(join(modulesDir, file)),
    )
  );
}

/** What to do when nginx is not here: this script installs nothing; the first step of the npm scripts does. */
export const nginxMissing =
  'nginx or its brotli modules are not installed: run `node scripts/ensure-system-deps.ts server` as root (the ' +
  'first step of `npm start` and `npm test` does), or `sudo apt-get install -y nginx libnginx-mod-http-brotli-filter ' +
  'libnginx-mod-http-brotli-static`.';

/** Fills `{{name}}` placeholders; an unknown one is a mistake in the template, so it stops with its name. */
function render(template: string, values: Record<string, string>, file: string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`${file}: unknown placeholder {{${name}}}; known: ${Object.keys(values)}`);
    return values[name]!;
  });
}

/**
 * The site's host, from `siteUrl` in site.config.ts (or PUBLIC_SITE_URL): where the plain-HTTP server sends every
 * visitor. Loaded only when asked, as it validates the whole configuration.
 */
export async function siteHostFromConfig() {
  const { siteConfig } = await import('../src/config/index.ts');
  return new URL(siteConfig().siteUrl).host;
}

/** The nginx files a build writes into its output (src/lib/hostFiles.node.ts): they follow that build's config. */
const builtNginx = (dist: string) => {
  if (!existsSync(join(dist, '_nginx/server.conf')))
    throw new Error(`${dist}/_nginx/server.conf is missing: run \`npm run build\` first.`);
  return join(dist, '_nginx');
};

/** The server rules for a dist/ directory (deploy/site.conf with its include path filled in). */
export function siteConfig(dist: string) {
  return render(readFileSync(join(deploy, 'site.conf'), 'utf8'), { nginx: builtNginx(dist) }, 'deploy/site.conf');
}

/** The plain-HTTP server's rule (deploy/redirect.conf): every request to the same path on https://siteHost. */
export function redirectConfig(siteHost: string) {
  return render(readFileSync(join(deploy, 'redirect.conf'), 'utf8'), { siteHost }, 'deploy/redirect.conf');
}

/**
 * The `user` line for nginx's workers, when started as root. By default they then run as `nobody`, who cannot enter a
 * checkout inside a directory only its owner may enter (mode 700: root's home on Debian, any `mktemp -d`), so every
 * page answers 403. The owner of the directory served can, so the workers run as that user (root, for a checkout in
 * root's home). Started by anyone else, nginx keeps its own user and warns about a `user` line: none is written.
 * Production is untouched: deploy/ has no `user` line, and Debian's nginx.conf keeps its own.
 */
export function workerUser(dist: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const { uid } = statSync(dist);
  // `user` takes names; the group is the owner's primary one (nginx would otherwise look for a group named as the user).
  const name = (flag: string) => spawnSync('id', [flag, String(uid)], { encoding: 'utf8' }).stdout.trim();
  const [user, group] = [name('-un'), name('-gn')];
  if (!user || !group) {
    throw new Error(
      `${dist} belongs to uid ${uid}, which has no user name for nginx's workers to run as: ` +
        `give it to a user of this machine (\`chown -R <user>: ${dist}\`) and start again.`,
    );
  }
  return `user ${user} ${group};`;
}

/**
 * Writes the configuration for one instance and returns its prefix.
 * tls: { port, redirectPort, cert, key, serverName } adds an HTTPS server and an HTTP server that redirects to it
 * (the site host is serverName there). redirect: { siteHost } makes the instance on `port` the plain-HTTP redirect
 * server alone.
 */
/** One nginx instance: its port, the built site it serves, and HTTPS or redirect-only variants. */
export interface NginxOptions {
  port: number;
  root?: string;
  tls?: { port: number; redirectPort: number; cert: string; key: string; serverName: string };
  redirect?: { siteHost: string };
}

export function writeConfig({ port, root: distDir = join(root, 'dist'), tls, redirect }: NginxOptions) {
  const dist = resolve(root, distDir);
  if (!existsSync(join(dist, 'index.html')))
    throw new Error(`${dist}/index.html is missing: run \`npm run build\` first.`);
  const name = tls ? tls.port : port;
  const prefix = join(deploy, '.run', String(name));
  for (const dir of ['logs', 'tmp']) mkdirSync(join(prefix, dir), { recursive: true });
  writeFileSync(join(prefix, 'site.conf'), siteConfig(dist));
  const server = (listen: string, extra = '') =>
    `  server {\n    listen ${listen};\n${extra}    root ${dist};\n    include ${prefix}/site.conf;\n  }\n`;
  const redirectServer = (listen: string, siteHost: string) => {
    writeFileSync(join(prefix, 'redirect.conf'), redirectConfig(siteHost));
    return `  server {\n    listen ${listen};\n    include ${prefix}/redirect.conf;\n  }\n`;
  };
  const servers = redirect
    ? redirectServer(`127.0.0.1:${port}`, redirect.siteHost)
    : tls
      ? server(
          // HTTP/2 over TLS with Mozilla's intermediate settings, as in production (nginx 1.22's form of HTTP/2;
          // 1.25.1+ writes `listen ... ssl;` and `http2 on;`).
          `127.0.0.1:${tls.port} ssl http2`,
          `    server_name ${tls.serverName};\n    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};\n` +
            `    include ${deploy}/tls.conf;\n`,
        ) + redirectServer(`127.0.0.1:${tls.redirectPort}`, tls.serverName)
      : server(`127.0.0.1:${port}`);
  const values = { modules: modulesDir, prefix, deploy, nginx: builtNginx(dist), servers };
  const user = workerUser(dist);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    (user ? `${user}\n` : '') + render(readFileSync(join(deploy, 'nginx.conf'), 'utf8'), values, 'deploy/nginx.conf'),
  );
  return prefix;
}

function nginxArgs(prefix: string) {
  // -e: the error log before the configuration is read; the default one is under /var/log, not ours.
  return ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'logs/error.log')];
}

function binaryOrThrow(): string {
  const binary = nginxBinary();
  if (!binary || !nginxPresent()) throw new Error(nginxMissing);
  return binary;
}

/** Resolves once something accepts connections on 127.0.0.1:port. */
function waitForPort(port: number, attempts = 100) {
  return new Promise<void>((resolvePort, reject) => {
    const attempt = (left: number) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolvePort()));
      socket.once('error', () => {
        socket.destroy();
        if (left <= 0) reject(new Error(`nginx did not listen on 127.0.0.1:${port}`));
        else setTimeout(() => attempt(left - 1), 100);
      });
    };
    attempt(attempts);
  });
}

/** Starts nginx in the background (it daemonizes and writes its pid); returns { pid, prefix }. */
export async function startNginx(options: NginxOptions) {
  const binary = binaryOrThrow();
  const prefix = writeConfig(options);
  const args = nginxArgs(prefix);
  execFileSync(binary, [...args, '-t', '-q'], { stdio: 'inherit' });
  execFileSync(binary, args, { stdio: 'inherit' });
  await waitForPort(options.tls ? options.tls.port : options.port);
  return { pid: Number(readFileSync(join(prefix, 'nginx.pid'), 'utf8')), prefix };
}

/** Stops the nginx of one port by the pid it wrote, and waits until it is gone. */
export async function stopNginx(port: number) {
  const pidFile = join(deploy, '.run', String(port), 'nginx.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    rmSync(pidFile, { force: true }); // already gone: a stale pid file
    return false;
  }
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return true;
}

/** Whether a process with this pid is running. */
export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether nginx is here; says why not, and what `serve` does instead, when it is not. */
function canRunNginx() {
  if (nginxPresent()) return true;
  console.warn(`${nginxMissing}\nServing with \`astro preview\` instead (without the production headers).`);
  return false;
}

/** Runs nginx in the foreground until this process is told to stop (Playwright's webServer, `npm start`). */
function runForeground(options: NginxOptions) {
  const binary = binaryOrThrow();
  const prefix = writeConfig(options);
  execFileSync(binary, [...nginxArgs(prefix), '-t', '-q'], { stdio: 'inherit' });
  const child = spawn(binary, [...nginxArgs(prefix), '-g', 'daemon off;'], { stdio: 'inherit' });
  console.log(`nginx (pid ${child.pid}) serves ${options.root ?? 'dist'} on http://127.0.0.1:${options.port}/`);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill('SIGTERM'));
  child.on('exit', (code: number | null, signal: NodeJS.Signals | null) =>
    process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1)),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '4321' },
      root: { type: 'string', default: 'dist' },
      foreground: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  const port = Number(values.port);
  try {
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`--port is "${values.port}"; expected a port number from 1 to 65535`);
    }
    const serveOptions = { port, root: values.root };
    if (command === 'start' && values.foreground) runForeground(serveOptions);
    else if (command === 'start') {
      const { pid } = await startNginx(serveOptions);
      console.log(
        `nginx (pid ${pid}) serves ${values.root} on http://127.0.0.1:${port}/; stop: node scripts/nginx.ts stop --port ${port}`,
      );
    } else if (command === 'stop') {
      console.log((await stopNginx(port)) ? `nginx on port ${port} stopped` : `no nginx running on port ${port}`);
    } else if (command === 'serve') {
      if (canRunNginx()) runForeground({ port, root: values.root });
      else {
        // A machine where nginx cannot be installed still gets the site, from Astro's preview server.
        const preview = spawn(join(root, 'node_modules/.bin/astro'), ['preview', '--port', String(port)], {
          stdio: 'inherit',
        });
        preview.on('exit', (code) => process.exit(code ?? 0));
      }
    } else if (command === 'site') {
      process.stdout.write(siteConfig(resolve(root, values.root)));
    } else if (command === 'redirect') {
      process.stdout.write(redirectConfig(await siteHostFromConfig()));
    } else {
      throw new Error(`unknown command "${command ?? ''}"; expected start, stop, serve, site or redirect`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
