/**
 * Serves a built site folder on 127.0.0.1 as a plain static host would: `/privacy` from privacy.html
 * and the 404 page with status 404, like the production configuration.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';

export async function serveStatic(root: string, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const files = sirv(root, { extensions: ['html'], etag: true });
  const server = createServer((req, res) =>
    files(req, res, async () => {
      const page = await readFile(join(root, '404.html')).catch(() => Buffer.from('Not found'));
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
    }),
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
