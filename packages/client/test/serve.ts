/** Servers for the tests: the real app on the sample, or a tiny stub, each over HTTP on a free port. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '@openbell/server';
import { loadSample } from '@openbell/loader';
import type { Dataset } from '@openbell/core';

export interface Served {
  base: string;
  close(): Promise<void>;
}

export async function listen(handler: http.RequestListener): Promise<Served> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** `createApp` of @openbell/server on the sample (`loadSample()`), and the sample's Dataset for the library's answers. */
export async function serveSample(
  options: Omit<Parameters<typeof createApp>[0] & object, 'data'> = {},
): Promise<Served & { dataset: Dataset }> {
  const data = await loadSample();
  const app = createApp({ data, logLevel: 'silent', ...options });
  const served = await listen((req, res) => {
    if (!app.dispatch(req, res)) app(req, res);
  });
  return { ...served, dataset: data.dataset };
}
