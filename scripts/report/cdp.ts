/**
 * A Chromium driven over the DevTools protocol directly, with only the domains a measurement asks for.
 *
 * Why not Playwright here: Playwright switches on the Runtime domain of every page, and with it V8 collects the
 * source positions of every script a stack trace passes through. That makes evaluating React's client chunk a long
 * task no visitor ever has, which the whole-visit gate would count.
 */
import * as chromeLauncher from 'chrome-launcher';
import { chromiumArgs, chromiumPath } from '../chromium.ts';

type Listener = (params: never, sessionId?: string) => void;

export interface Cdp {
  /** A command to the browser, or with `sessionId`, to an attached target (a page or a worker). */
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Every event of `method`, from any attached target; `sessionId` says which. */
  on(method: string, listener: Listener): void;
  close(): Promise<void>;
}

export async function launchCdp(): Promise<Cdp> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...chromiumArgs],
  });
  const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  let lastId = 0;
  const replies = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Listener[]>();
  socket.addEventListener('message', ({ data }) => {
    const message = JSON.parse(String(data)) as {
      id?: number;
      result?: never;
      error?: { message: string };
      method?: string;
      params?: never;
      sessionId?: string;
    };
    if (message.id === undefined) {
      for (const listener of listeners.get(message.method!) ?? []) listener(message.params!, message.sessionId);
      return;
    }
    const reply = replies.get(message.id);
    replies.delete(message.id);
    if (message.error) reply?.reject(new Error(`${message.error.message} (CDP)`));
    else reply?.resolve(message.result!);
  });
  return {
    send: (method, params = {}, sessionId) =>
      new Promise((resolve, reject) => {
        const id = ++lastId;
        replies.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params, sessionId }));
      }),
    on: (method, listener) => listeners.set(method, [...(listeners.get(method) ?? []), listener]),
    close: async () => {
      socket.close();
      await chrome.kill();
    },
  };
}
