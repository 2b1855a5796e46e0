/**
 * `openbell override add|list|withdraw`: the override endpoints of a running server
 * (docs/overrides.md §3). The admin token travels in the Authorization header only and is
 * never printed, not even in an error.
 */
import { toCsv } from '@openbell/catalog';
import type { OverrideRecord } from '@openbell/core';
import { scrubSecrets } from '@openbell/core/secrets';
import { UserError } from '../errors.js';
import { keyValues, outputFor, table } from '../format.js';
import { SERVE_DEFAULTS } from '@openbell/server/defaults';

const DEFAULT_SERVER = `http://${SERVE_DEFAULTS.host}:${SERVE_DEFAULTS.port}`;

interface Target {
  server?: string | undefined;
  token?: string | undefined;
}

function baseOf(o: Target): string {
  const server = o.server ?? process.env.OPENBELL_SERVER ?? DEFAULT_SERVER;
  try {
    return new URL(server).toString().replace(/\/+$/, '');
  } catch {
    throw new UserError(`--server: '${server}' is not a URL (expected e.g. ${DEFAULT_SERVER})`);
  }
}

async function request(o: Target, method: string, path: string, body?: unknown, needsToken = false): Promise<unknown> {
  const token = o.token ?? process.env.OPENBELL_ADMIN_TOKEN;
  if (needsToken && !token) throw new UserError('an admin token is needed: --token or env OPENBELL_ADMIN_TOKEN');
  const url = `${baseOf(o)}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (e) {
    const cause = (e as Error).cause instanceof Error ? ((e as Error).cause as Error) : (e as Error);
    throw new UserError(`cannot reach ${baseOf(o)}: ${scrub(cause.message, token)}`);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  if (!res.ok) {
    const detail = (parsed as { detail?: unknown })?.detail;
    const said = Array.isArray(detail)
      ? detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg}`).join('; ')
      : String(detail ?? text);
    throw new UserError(`${method} ${path}: ${res.status} ${scrub(said, token)}`);
  }
  return parsed;
}

const scrub = (s: string, token: string | undefined): string => scrubSecrets(token ? s.split(token).join('***') : s);

function recordText(r: OverrideRecord): string {
  return keyValues(
    [
      ['ID', r.id],
      ['Kind', r.kind],
      ['Target', r.target],
      ['Date', r.date],
      ['Name', r.name],
      ...(r.open ? ([['Open', r.open]] as [string, string][]) : []),
      ...(r.close ? ([['Close', r.close]] as [string, string][]) : []),
      ['Reason', r.reason],
      ['Created', `${r.created_at} by ${r.created_by}`],
      ['Withdrawn', r.withdrawn_at ? `${r.withdrawn_at} by ${r.withdrawn_by}` : null],
      ['Superseded', r.superseded ? 'yes: the vendor data says the same' : 'no'],
    ],
    outputFor(),
  );
}

export async function overrideAdd(o: Target, body: Record<string, string | undefined>, json: boolean): Promise<void> {
  const clean = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const r = (await request(o, 'POST', '/overrides', clean, true)) as OverrideRecord;
  process.stdout.write(json ? `${JSON.stringify(r, null, 2)}\n` : `${recordText(r)}\n`);
}

export async function overrideWithdraw(o: Target, id: string, json: boolean): Promise<void> {
  const r = (await request(o, 'DELETE', `/overrides/${encodeURIComponent(id)}`, undefined, true)) as OverrideRecord;
  process.stdout.write(json ? `${JSON.stringify(r, null, 2)}\n` : `${recordText(r)}\n`);
}

export async function overrideList(
  o: Target & { target?: string | boolean | undefined; all?: string | boolean | undefined },
  format: 'table' | 'json' | 'csv',
): Promise<void> {
  const json = format === 'json';
  const q = new URLSearchParams();
  if (typeof o.target === 'string') q.set('target', o.target);
  if (o.all) q.set('include_withdrawn', 'true');
  const list = (await request(o, 'GET', `/overrides${q.size ? `?${q}` : ''}`)) as OverrideRecord[];
  if (json) {
    process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
    return;
  }
  // The rows as CSV (the catalogue's writer, as every list's `--format csv`); nothing for none.
  if (format === 'csv') {
    process.stdout.write(list.length ? (toCsv(list) ?? '') : '');
    return;
  }
  const out = outputFor();
  if (list.length === 0) {
    const which = typeof o.target === 'string' ? ` of ${o.target}` : '';
    process.stdout.write(`no overrides${which}${o.all ? '' : ' in force (--all: the withdrawn ones too)'}\n`);
    return;
  }
  // Every column tells rows apart (`By`, `Withdrawn` above all): none may be dropped; a table
  // too wide becomes one block a record (format.ts `table`).
  process.stdout.write(
    `${table(
      ['ID', 'Kind', 'Target', 'Date', 'Time', 'Name', 'By', 'Withdrawn'],
      list.map((r) => [
        r.id,
        r.kind,
        r.target,
        r.date,
        r.open ?? r.close ?? '',
        r.name ?? '',
        r.created_by,
        r.withdrawn_at ?? '',
      ]),
      out,
    )}\n`,
  );
}
