/**
 * Writes src/routes.generated.ts, the client's route table, from the declarations: each query of
 * the library (`QUERIES` of @openbell/core, whose entries make the `Dataset`'s methods) and the
 * catalogue's operation that answers it (`operations` of @openbell/catalog, whose entries make
 * the REST routes). Run by the package's build; test/routes.test.ts fails when the file is stale.
 *
 * Which operation answers a query, and under which names, is found by asking both: the query's
 * `run` and each operation's `call` are made on a stand-in for the parsed queries that records
 * the method called and its arguments, each parameter given a marker of its own. The operation
 * that makes the query's call with its own markers in the same places answers that query, and
 * the places say which REST parameter carries each of the library's (the status's `instant` is
 * `datetime_utc`). What the operation does to the answer says how the REST body holds it: as it
 * is, under a key (`{ is_available }`), or a series spread into an array (bars).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { QUERIES } from '@openbell/core';
import { operations, STATUS_OF } from '@openbell/catalog';

const marker = (who, name) => ({ marker: `${who}:${name}` });
const ITEM = { marker: 'item' };
const RESULT = {
  marker: 'result',
  *[Symbol.iterator]() {
    yield ITEM;
  },
};

/** The one call a declaration makes on the parsed queries: `{ method, args }`, or undefined. */
function probe(run) {
  let call;
  const parsed = new Proxy(
    {},
    {
      get:
        (_, method) =>
        (...args) => {
          if (call) throw new Error('a second call');
          call = { method, args };
          return RESULT;
        },
    },
  );
  let result;
  try {
    result = run({ parsed }, parsed);
  } catch {
    return undefined;
  }
  return call && { ...call, result };
}

/** Pairs the markers of `a` (the query's) with those of `b` (an operation's) found at the same places. */
function pair(a, b, names) {
  if (a && typeof a === 'object' && typeof a.marker === 'string' && a.marker.startsWith('q:')) {
    if (!(b && typeof b.marker === 'string' && b.marker.startsWith('op:'))) return false;
    names[a.marker.slice(2)] = b.marker.slice(3);
    return true;
  }
  if (a === null || typeof a !== 'object') return a === b;
  if (b === null || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => k in b && pair(a[k], b[k], names));
}

/** How the operation's body holds the query's answer. */
function holding(result) {
  if (result === RESULT) return {};
  if (Array.isArray(result) && result.length === 1 && result[0] === ITEM) return { spread: true };
  const keys = result && typeof result === 'object' ? Object.keys(result) : [];
  if (keys.length === 1 && result[keys[0]] === RESULT) return { unwrap: keys[0] };
  return undefined;
}

/** The route of each query: its REST path, the library's argument order, and what differs on the wire. */
export function routes() {
  const out = {};
  for (const [name, q] of Object.entries(QUERIES)) {
    const qArgs = Object.fromEntries(Object.keys(q.params).map((p) => [p, marker('q', p)]));
    const asked = probe((_ds, parsed) => q.run(parsed, qArgs, () => marker('q', 'now')));
    if (!asked || asked.result !== RESULT) throw new Error(`query ${name}: its call could not be followed`);
    const found = [];
    for (const op of Object.values(operations)) {
      const opArgs = Object.fromEntries(Object.keys(op.params).map((p) => [p, marker('op', p)]));
      const made = probe((ds) => op.call(ds, opArgs, () => marker('op', 'now'), {}));
      if (!made || made.method !== asked.method) continue;
      const names = {};
      const held = holding(made.result);
      if (held && pair(asked.args, made.args, names)) found.push({ op, names, held });
    }
    // Two operations making the same call (a variant of a route): the one declared from the query wins.
    const chosen = found.length > 1 ? found.filter((f) => f.op.query === q) : found;
    if (chosen.length !== 1) throw new Error(`query ${name}: ${found.length} operations answer it, not one`);
    const [{ op, names, held }] = chosen;
    const route = { path: op.path, args: [...q.args], rest: [...q.rest], options: { ...q.options } };
    const renamed = Object.fromEntries(Object.entries(names).filter(([a, b]) => a !== b));
    for (const p of Object.keys(q.params)) {
      if (!(p in names)) throw new Error(`query ${name}: parameter ${p} reaches no parameter of ${op.operationId}`);
    }
    if (Object.keys(renamed).length) route.names = renamed;
    // A POST operation: the library's argument its body carries, sent as JSON.
    if (op.body) route.body = Object.keys(names).find((p) => names[p] === op.body.param);
    const instants = Object.keys(q.params).filter((p) => q.params[p].kind === 'instant');
    if (instants.length) route.instants = instants;
    Object.assign(route, held);
    out[name] = route;
  }
  return out;
}

/** The statuses of the library's error codes, from the catalogue's one table. */
export function codes() {
  const out = {};
  for (const [code, status] of Object.entries(STATUS_OF)) (out[status] ??= []).push(code);
  return out;
}

export function source() {
  return (
    '// Generated by scripts/routes.mjs (the package build) from QUERIES of @openbell/core and the\n' +
    '// operations of @openbell/catalog: never edit by hand. test/routes.test.ts fails when it is stale.\n' +
    "import type { Route } from './route.js';\n\n" +
    "/** Each library query's REST route. */\nexport const ROUTES = {\n" +
    Object.entries(routes())
      .map(([name, route]) => `  ${name}: ${JSON.stringify(route)},\n`)
      .join('') +
    '} as const satisfies Record<string, Route>;\n\n' +
    "/** The library's error codes answered with each HTTP status (the catalogue's STATUS_OF). */\n" +
    `export const CODES: Record<number, readonly string[]> = ${JSON.stringify(codes())};\n`
  );
}

export const OUTPUT = fileURLToPath(new URL('../src/routes.generated.ts', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(OUTPUT, source());
