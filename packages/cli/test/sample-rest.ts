/**
 * The one in-process REST server of the CLI's tests: the bundled sample behind
 * `@openbell/server`, started before the tests of the file that asks for it and closed after,
 * so a command's `--json` and CSV can be held to the REST body byte for byte. `now` pins the
 * server's clock (the commands of those tests take `--at` with the same instant); without it the
 * file asks only for answers that do not depend on the clock. Tests that need the real binary
 * serving (`openbell serve ...`) use `serve` of helpers.ts.
 */
import { loadSample } from '@openbell/loader';
import { createServer, type RunningServer } from '@openbell/server';
import { afterAll, beforeAll } from 'vitest';

/** The instant the CLI's tests pin "now" to: Wednesday 2023-11-15, noon in New York. */
export const NOW = '2023-11-15T17:00:00Z';

export async function sampleRest(options: { now?: string } = {}) {
  const sample = await loadSample();
  const now = options.now === undefined ? undefined : Date.parse(options.now);
  let rest: RunningServer;
  beforeAll(async () => {
    rest = await createServer({
      data: sample,
      port: 0,
      logLevel: 'silent',
      ...(now === undefined ? {} : { now: () => now }),
    });
  });
  afterAll(async () => {
    await rest.close();
  });
  const get = (path: string): Promise<Response> => fetch(`${rest.url}${path}`);
  return {
    sample,
    /** The server's base URL (once the tests have started). */
    url: (): string => rest.url,
    get,
    text: async (path: string): Promise<string> => (await get(path)).text(),
    json: async (path: string): Promise<unknown> => (await get(path)).json(),
  };
}
