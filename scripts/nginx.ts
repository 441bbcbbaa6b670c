/**
 * Serves a build with the production nginx configuration (deploy/nginx.conf and the build's dist-nginx/ files) on
 * 127.0.0.1, nginx in the foreground as a child process with a temporary prefix: `npm start` and Playwright's webServer
 * (`node scripts/nginx.ts [--port 4321]`, until Ctrl-C), and the tests (startNginx). It installs nothing: the first
 * step of `npm start` does (`node scripts/ensure-system-deps.ts server`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { nginxDirOf, nginxRedirect } from '../src/lib/hostFiles.node.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const nginxBinary = '/usr/sbin/nginx';
export const modulesDir = '/usr/lib/nginx/modules';

export interface NginxOptions {
  port: number;
  /** The build to serve; dist/ by default. */
  root?: string;
  /** HTTPS with HTTP/2 and deploy/tls.conf on `port`, and on `redirectPort` a plain-HTTP server sending to it. */
  tls?: { redirectPort: number; cert: string; key: string; serverName: string };
}

/**
 * Started as root, nginx runs its workers as `nobody`, who cannot enter a checkout inside a folder only its owner may
 * enter (mode 700: root's home, any `mktemp -d`): every page answered 403. They run as the build's owner instead.
 */
function workerUser(dist: string) {
  if (process.getuid?.() !== 0) return '';
  const { uid } = statSync(dist);
  const names = ['-un', '-gn'].map((flag) => spawnSync('id', [flag, `${uid}`], { encoding: 'utf8' }).stdout.trim());
  if (!names.every(Boolean)) throw new Error(`${dist} belongs to uid ${uid}, who has no name: chown it to a user.`);
  return ` user ${names.join(' ')};`;
}

/** Starts nginx for one build; `stop()` ends it by its pid and removes its prefix. */
export async function startNginx({ port, root: build = 'dist', tls }: NginxOptions) {
  const dist = resolve(root, build);
  const nginx = nginxDirOf(dist);
  if (!existsSync(join(nginx, 'server.conf')))
    throw new Error(`${nginx}/server.conf is missing: run \`npm run build\` first.`);
  if (![nginxBinary, `${modulesDir}/ngx_http_brotli_static_module.so`].every(existsSync))
    throw new Error('nginx or its brotli modules are missing: the first step of `npm start` installs them.');
  const user = workerUser(dist);
  const site = `    root ${dist};\n    include ${nginx}/server.conf;\n  }\n`;
  const servers = tls
    ? // HTTP/2 over TLS as in production (nginx 1.22's form; 1.25.1+ writes `listen ... ssl;` and `http2 on;`).
      `  server {\n    listen 127.0.0.1:${port} ssl http2;\n    server_name ${tls.serverName};\n` +
      `    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};\n    include ${root}/deploy/tls.conf;\n${site}` +
      `  server {\n    listen 127.0.0.1:${tls.redirectPort};\n${nginxRedirect(tls.serverName)}  }\n`
    : `  server {\n    listen 127.0.0.1:${port};\n${site}`;
  const values: Record<string, string> = { modules: modulesDir, deploy: join(root, 'deploy'), nginx, servers };
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-'));
  const config = join(prefix, 'nginx.conf');
  const template = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  writeFileSync(
    config,
    template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!),
  );
  // -e: where nginx writes before it has read the configuration (by default under /var/log).
  const child = spawn(nginxBinary, ['-p', prefix, '-c', config, '-e', 'stderr', '-g', `daemon off;${user}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let running = true;
  const exit = once(child, 'exit').finally(() => (running = false));
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill); // never outlive the process that started it
  const stop = async () => {
    if (running) kill();
    await exit;
    process.off('exit', kill);
    rmSync(prefix, { recursive: true, force: true });
  };
  // Ready once it answers; on the TLS variant, the plain-HTTP server's redirect.
  const url = `http://127.0.0.1:${tls?.redirectPort ?? port}/`;
  const answers = () => fetch(url, { method: 'HEAD', redirect: 'manual' }).then(Boolean, () => false);
  for (let attempt = 0; !(await answers()); attempt++) {
    if (!running || attempt === 100) {
      await stop();
      throw new Error(`nginx did not answer on ${url} (its messages are above)`);
    }
    await sleep(100);
  }
  return { pid: child.pid!, stop };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { port: text } = parseArgs({ options: { port: { type: 'string', default: '4321' } } }).values;
  const port = Number(text);
  const fail = (message: string) => (console.error(message), process.exit(1));
  if (!(port > 0 && port < 65536)) fail(`--port is "${text}"; expected a port number, 1 to 65535`);
  const server = await startNginx({ port }).catch((error: Error) => fail(error.message));
  console.log(`nginx (pid ${server.pid}) serves dist/ on http://127.0.0.1:${port}/ (Ctrl-C stops it)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.stop());
}
