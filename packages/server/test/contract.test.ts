/**
 * The published contract, checked with the tools a client would use: /openapi.json of the
 * sample server passes `redocly lint` (recommended rules, no ignore file), and a TypeScript
 * client generated from it by openapi-typescript accepts what every JSON route really answers
 * (each answer typed as the generated 200 type, then type-checked). Everything runs offline,
 * from this package's node_modules.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { serveSample } from './sample-server.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const bin = (name: string) => join(import.meta.dirname, '..', 'node_modules', '.bin', name);
// No update notices, telemetry or other calls out from the tools.
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  NO_UPDATE_NOTIFIER: '1',
  CI: 'true',
};

type Responses = Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
type Doc = {
  servers?: { url: string }[];
  security?: unknown[];
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  info: { license?: unknown };
  paths: Record<
    string,
    {
      get: {
        operationId: string;
        parameters?: { name: string; in: string; required?: boolean; schema?: { example?: unknown } }[];
        responses: Responses;
      };
      post?: { operationId: string; security?: unknown[]; requestBody?: unknown; responses: Responses };
      delete?: { operationId: string; security?: unknown[]; responses: Responses };
    }
  >;
};

let server: RunningServer;
let dir: string;
let doc: Doc;

beforeAll(async () => {
  server = await serveSample({ updateEveryMinutes: 0 });
  dir = mkdtempSync(join(tmpdir(), 'openbell-contract-'));
  const res = await fetch(`${server.url}/openapi.json`);
  doc = (await res.json()) as Doc;
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(doc));
});

afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document as a client sees it', () => {
  it('names the listening server, an explicit empty security requirement and a license', () => {
    expect(doc.servers).toEqual([{ url: server.url, description: 'This server' }]);
    expect(doc.security).toEqual([]);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('lists the override writes under a bearer scheme: 201 with Location, 409, 429 with Retry-After', () => {
    expect(doc.components.securitySchemes).toMatchObject({ adminToken: { type: 'http', scheme: 'bearer' } });
    const post = doc.paths['/overrides']!.post!;
    const del = doc.paths['/overrides/{id}']!.delete!;
    for (const op of [post, del]) {
      expect(op.security).toEqual([{ adminToken: [] }]);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '409', '429']));
      expect(op.responses['429']!.headers).toHaveProperty('Retry-After');
      expect(op.responses['401']!.headers).toHaveProperty('WWW-Authenticate');
    }
    expect(post.requestBody).toBeDefined();
    expect(post.responses['201']!.headers).toHaveProperty('Location');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '413', '415', '422']));
    expect(del.responses['200']).toBeDefined();
  });

  it('documents 304 with an ETag on every answer the dispatcher and the feeds tag, and not on the stream', () => {
    // Reads are GETs; the writes and the bar check (POST) answer afresh and document no 304.
    const tagged = Object.entries(doc.paths).filter(([, item]) => item.get?.responses['304']);
    expect(tagged.length).toBeGreaterThan(30);
    for (const [path, item] of tagged) expect(item.get!.responses['200']!.headers, path).toHaveProperty('ETag');
    for (const item of Object.values(doc.paths)) expect(item.post?.responses['304']).toBeUndefined();
    expect(doc.paths['/markets/{identifier}/holidays.ics']!.get.responses['304']).toBeDefined();
    expect(doc.paths['/events']!.get.responses['304']).toBeUndefined();
  });

  it('the 304 it documents is what a repeated request with If-None-Match answers', async () => {
    for (const path of ['/markets/XNYS/holidays?start=2024-01-01&end=2024-12-31', '/markets/XNYS/holidays.ics']) {
      const first = await fetch(`${server.url}${path}`);
      const etag = first.headers.get('etag');
      expect(etag, path).toBeTruthy();
      const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag! } });
      expect(again.status, path).toBe(304);
    }
  });

  it('gives every operation at least one 4XX answer', () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(
        // The one POST of the data routes (bars/check) has no GET.
        Object.keys((item.get ?? item.post).responses).some((s) => /^4\d\d$/.test(s)),
        path,
      ).toBe(true);
    }
  });

  it('the 406 it documents for records is what CSV of a record answers', async () => {
    const cases: Array<[string, string]> = [
      ['/health', '/health'],
      ['/info', '/info'],
      ['/board', '/board'],
      ['/markets/XNYS/is_available', '/markets/{identifier}/is_available'],
      ['/markets/XNYS', '/markets/{identifier}'],
    ];
    for (const [path, template] of cases) {
      expect(doc.paths[template]!.get.responses['406'], template).toBeDefined();
      const res = await fetch(`${server.url}${path}?format=csv`);
      expect(res.status, path).toBe(406);
      expect(((await res.json()) as { detail: string }).detail, path).toMatch(/CSV is available for list answers only/);
    }
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });

  it('passes redocly lint with the recommended rules; the only warnings are the spec’s own overlapping ' +
    'paths', async () => {
    const config = join(dir, 'redocly.yaml');
    writeFileSync(config, 'extends:\n  - recommended\n');
    const out = await run(bin('redocly'), ['lint', '--config', config, '--format', 'json', join(dir, 'openapi.json')], {
      env,
      cwd: dir,
      maxBuffer: 16 << 20,
    }).catch((e: { stdout: string; stderr: string; code: number }) => {
      throw new Error(`redocly lint failed (${e.code}):\n${e.stdout}\n${e.stderr}`);
    });
    const report = JSON.parse(out.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(
      report.totals.errors,
      JSON.stringify(
        report.problems.filter((p) => p.severity === 'error'),
        null,
        1,
      ),
    ).toBe(0);
    // `/markets/finid/{finid}` and `/markets/{identifier}/…` are both the spec's paths; the
    // server resolves the literal segment first.
    expect(
      report.problems.filter((p) => p.ruleId !== 'no-ambiguous-paths').map((p) => `${p.ruleId}: ${p.message}`),
    ).toEqual([]);
  }, 120_000);

  it('generates a TypeScript client whose 200 types accept what every JSON route answers', async () => {
    await run(bin('openapi-typescript'), [join(dir, 'openapi.json'), '--output', join(dir, 'api.d.ts')], {
      env,
      cwd: dir,
    });
    const lines = ["import type { paths } from './api.js';", ''];
    let n = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      // A GET is asked of each route; the check of a series is a POST (bar-check.test.ts asks it).
      if (!item.get) continue;
      const ok = item.get.responses['200'];
      if (!ok?.content?.['application/json']) continue;
      // A sample server has swapped no version yet: a named change set is a 404 (changes-routes tests cover it).
      if (path === '/changes/{to_version}') continue;
      // Nor an override: a named one is a 404 (overrides.test.ts makes them).
      if (path === '/overrides/{id}') continue;
      let url = path;
      const query = new URLSearchParams();
      for (const p of item.get.parameters ?? []) {
        const example = p.schema?.example;
        if (example === undefined) continue;
        if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(example)));
        else query.set(p.name, String(example));
      }
      const res = await fetch(`${server.url}${url}${query.size ? `?${query}` : ''}`);
      expect(res.status, `${item.get.operationId} ${url}?${query}`).toBe(200);
      const body = await res.text();
      lines.push(
        `export const ${item.get.operationId}: ` +
          `paths[${JSON.stringify(path)}]['get']['responses'][200]['content']['application/json'] = ${body};`,
      );
      n++;
    }
    expect(n).toBeGreaterThan(30);
    // A generated client can write an override: the body and the 201 answer are typed.
    lines.push(
      "export const body: paths['/overrides']['post']['requestBody']['content']['application/json'] = " +
        "{ kind: 'closure', target: 'HK.HKEX', date: '2026-07-02', name: 'Typhoon', reason: 'signal 8' };",
      "export const made: paths['/overrides']['post']['responses'][201]['content']['application/json']['id'] = 'ovr_x';",
      "export const gone: paths['/overrides/{id}']['delete']['parameters']['path']['id'] = 'ovr_x';",
      '// @ts-expect-error an unknown kind is refused by the generated type',
      "export const wrong: paths['/overrides']['post']['requestBody']['content']['application/json']['kind'] = 'holiday';",
    );
    writeFileSync(join(dir, 'calls.ts'), `${lines.join('\n')}\n`);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          skipLibCheck: false,
          types: [],
        },
        files: ['calls.ts'],
      }),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    await run(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { env, cwd: dir, maxBuffer: 16 << 20 }).catch(
      (e: { stdout: string }) => {
        throw new Error(`the generated client refuses a real answer:\n${e.stdout.slice(0, 4000)}`);
      },
    );
  }, 180_000);
});
