/**
 * The server tests' data: the one fixture of the workspace's tests (`@openbell/core/testing`, the
 * published facts of docs/bulk-format.md §6 as row arrays, so the HTTP tests depend on neither the
 * loader nor an archive), loaded as the server holds it.
 */
import type { Plan } from '@openbell/core';
import { fixtureDataset } from '@openbell/core/testing';
import { inMemoryData } from '../src/app.js';
import type { LoadedData } from '../src/index.js';

export { CME, fixtureDataset, fixtureTables, NOON_NY, NYSE } from '@openbell/core/testing';

/** The fixture as the server's loaded data, loaded at 2023-11-15T00:00Z under `version`. */
export function fixtureData(version = 'fixture-1', plan?: Plan): LoadedData {
  const data = inMemoryData(fixtureDataset(plan), new Date('2023-11-15T00:00:00Z'));
  data.meta.version = version;
  return data;
}
