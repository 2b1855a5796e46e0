/**
 * The route table is the declarations' (scripts/routes.mjs writes it at build time): the file in
 * src/ is what the script makes from today's QUERIES and operations, and the client has one
 * method, and one withMeta method, per query.
 */
import { readFileSync } from 'node:fs';
import { QUERIES } from '@openbell/core';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script, without types
import { OUTPUT, source } from '../scripts/routes.mjs';
import { createClient, ROUTES, type Route } from '../src/index.js';

describe('the route table', () => {
  it('is not stale: src/routes.generated.ts is what the build makes from the declarations', () => {
    expect(readFileSync(OUTPUT, 'utf8'), 'run the build (node scripts/routes.mjs) to regenerate it').toBe(source());
  });

  it('gives the client a method per query of the library, and nothing else of its own', () => {
    const client = createClient('http://127.0.0.1:9');
    const own = ['withMeta', 'with', 'events', 'lastVersion'];
    const queries = Object.keys(QUERIES);
    expect(Object.keys(client).sort()).toEqual([...queries, ...own].sort());
    expect(Object.keys(client.withMeta).sort()).toEqual(queries.sort());
  });

  it("names the argument a POST sends as its body: checkBars's timestamps, and no other", () => {
    const posted = Object.entries(ROUTES).filter(([, r]) => (r as Route).body !== undefined);
    expect(posted.map(([name, r]) => [name, (r as Route).body])).toEqual([['checkBars', 'timestamps']]);
  });
});
