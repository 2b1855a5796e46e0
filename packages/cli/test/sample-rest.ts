/**
 * A REST server on the bundled sample for the tests of one file (started before them, closed
 * after): the bodies a command's JSON and CSV must equal, byte for byte.
 */
import { loadSample } from '@openbell/loader';
import { createServer, type RunningServer } from '@openbell/server';
import { afterAll, beforeAll } from 'vitest';

export async function sampleRest() {
  const sample = await loadSample();
  let rest: RunningServer;
  beforeAll(async () => {
    rest = await createServer({ data: sample, port: 0, logLevel: 'silent' });
  });
  afterAll(async () => {
    await rest.close();
  });
  return {
    sample,
    text: async (path: string): Promise<string> => (await fetch(`${rest.url}${path}`)).text(),
    json: async (path: string): Promise<unknown> => (await fetch(`${rest.url}${path}`)).json(),
  };
}
