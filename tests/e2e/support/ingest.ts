/**
 * A small Sentry-compatible ingest server for the end-to-end tests, on 127.0.0.1 only. It stores every envelope the
 * SDK posts (`/api/<project>/envelope/`), parsed with the SDK's own envelope parser, and records every other request
 * (the tests' `fetch` targets under `/api/...`) with its headers. It answers CORS preflights so a page on another
 * origin can post to it and send tracing headers to it, as a real ingest and a real API would.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { parseEnvelope } from '@sentry/core';

export interface EnvelopeItem {
  type: string;
  /** JSON items parsed; binary items (replay recordings) as bytes. */
  payload: unknown;
}

export interface Envelope {
  url: string;
  headers: Record<string, unknown>;
  items: EnvelopeItem[];
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface Ingest {
  /** The DSN that points the SDK at this server. */
  dsn: string;
  envelopes: Envelope[];
  /** Every request that reached the server, envelopes and preflights included. */
  requests: RecordedRequest[];
  /** The payloads of every stored item of the given type (`event`, `transaction`, `replay_event`, ...). */
  items(type: string): unknown[];
  close(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
  // Chromium's Private Network Access preflight: the pages and this server are both on loopback.
  'access-control-allow-private-network': 'true',
};

export async function startIngest(port: number, projectId = '1', key = 'e2e'): Promise<Ingest> {
  const envelopes: Envelope[] = [];
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', url, headers: request.headers });
      if (request.method === 'POST' && url.startsWith(`/api/${projectId}/envelope/`)) {
        try {
          envelopes.push(toEnvelope(url, Buffer.concat(chunks)));
        } catch (error) {
          response.writeHead(400, corsHeaders).end(`unreadable envelope: ${String(error)}`);
          return;
        }
      }
      response.writeHead(request.method === 'OPTIONS' ? 204 : 200, corsHeaders).end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  return {
    dsn: `http://${key}@127.0.0.1:${port}/${projectId}`,
    envelopes,
    requests,
    items: (type) =>
      envelopes.flatMap((envelope) => envelope.items.filter((item) => item.type === type)).map((item) => item.payload),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const jsonTypes = new Set(['event', 'transaction', 'replay_event', 'session', 'sessions', 'client_report', 'span']);

function toEnvelope(url: string, body: Buffer): Envelope {
  const [headers, rawItems] = parseEnvelope(new Uint8Array(body));
  const items = rawItems.map(([itemHeader, payload]) => {
    const type = String(itemHeader.type);
    // Items sent with an explicit length arrive as bytes even when they hold JSON.
    const parsed =
      payload instanceof Uint8Array && jsonTypes.has(type) ? JSON.parse(new TextDecoder().decode(payload)) : payload;
    return { type, payload: parsed as unknown };
  });
  return { url, headers: headers as Record<string, unknown>, items };
}
