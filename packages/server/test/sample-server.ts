/**
 * The one helper of the server's tests that puts an app on a socket: `listenApp` serves an
 * express app (`createApp`) on a free port of 127.0.0.1 for tests that need real sockets (slow
 * readers, compression by raw headers), and `serveSample` runs the whole server (`createServer`)
 * on the bundled sample. Tests of the server's own life (drain, workers, publishing) start theirs
 * with the options they are about.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadSample } from '@openbell/loader';
import { createServer, type RunningServer, type ServerOptions } from '../src/index.js';

export interface Listening {
  server: http.Server;
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  base: string;
  port: number;
  close(): Promise<void>;
}

export async function listenApp(app: unknown): Promise<Listening> {
  const server = http.createServer(app as http.RequestListener);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    base: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** `createServer` on the bundled sample, on a free port, silent unless `options` say otherwise. */
export async function serveSample(options: Partial<ServerOptions> = {}): Promise<RunningServer> {
  return createServer({ data: await loadSample(), port: 0, logLevel: 'silent', ...options });
}
