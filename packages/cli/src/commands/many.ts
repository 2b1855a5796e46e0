/**
 * Many markets at once: `openbell status ID ID ...` as one table (the REST body of
 * `GET /status`), and `openbell watch ID... [--exec CMD]`, which prints (or runs a command
 * on) each opening, closing and phase change as it happens. Core's bell-event stream says
 * what is due and how long to wait; this module keeps the timer.
 */
import {
  localDate,
  openBellEventStream,
  type BellEventStream,
  type CalendarQueries,
  type PlannedBellEvent,
} from '@openbell/core';
import { UserError, withCandidates } from '../errors.js';
import { clock, note, PLAIN, statusColor, table, wrapWords, type Out } from '../format.js';

interface BulkEntry {
  identifier: string;
  fin_id?: string;
  status?: string;
  reason?: string | null;
  until?: string | null;
  next_bell?: string | null;
  phase?: { phase_type: string } | null;
  timezone?: string | null;
  error?: { status: number; detail: unknown; candidates?: string[] };
}

function errorText(e: NonNullable<BulkEntry['error']>): string {
  const d = e.detail;
  const text =
    typeof d === 'string'
      ? d
      : Array.isArray(d)
        ? d.map((x: { msg?: string }) => x.msg ?? 'invalid').join('; ')
        : `HTTP ${e.status}`;
  return withCandidates(text, e.candidates);
}

/** A time of a row as `HH:MM`, `HH:MM +1d` when on a later date than the market's at `asOf`. */
function timeAt(asOf: string, timezone: string | null | undefined, iso: string | null | undefined): string {
  return iso ? clock(iso, localDate(timezone, Date.parse(asOf))) : '';
}

/**
 * The bulk status as one table; errors take the row of their identifier. Times are the
 * market's wall clock, `+1d` (`+2d`…) when on a later date than the market's date at `as_of`.
 */
export function statusTable(body: { as_of: string; markets: BulkEntry[] }, out: Out = PLAIN): string {
  const rows = body.markets.map((m) =>
    m.error
      ? [m.identifier, m.identifier, `error ${m.error.status}`, '', '', '', '']
      : [
          m.identifier,
          m.fin_id,
          m.status,
          m.reason,
          timeAt(body.as_of, m.timezone, m.until),
          timeAt(body.as_of, m.timezone, m.next_bell),
          m.timezone,
        ],
  );
  // The ID column says something only when an ID is not the market's FinID (a MIC).
  const ids = rows.some((r) => r[0] !== r[1]);
  const t = table(
    [
      { header: 'ID', drop: 1 },
      'Market',
      { header: 'Status', style: (s) => statusColor(out, s) },
      { header: 'Reason', flex: true, min: 23 },
      'Until',
      'Next Bell',
      { header: 'Timezone', drop: 2 },
    ],
    rows.map((r) => (ids ? r : ['', ...r.slice(1)])),
    out,
  );
  // An error's message goes whole on the lines below its row (a table cell would cut it).
  const lines = t.split('\n');
  const head = lines.length - rows.length;
  const withErrors = lines.flatMap((line, i) => {
    const e = i >= head ? body.markets[i - head]?.error : undefined;
    return e ? [line.trimEnd(), ...wrapWords(errorText(e), out.width, '  ').map((l) => out.color.red(l))] : [line];
  });
  const plus = rows.some((r) => / \+\d+d/.test(`${r[4]} ${r[5]}`));
  const footer = `(as of ${body.as_of}; times local to each market${plus ? '; +Nd: N days later' : ''})`;
  return `${withErrors.join('\n')}\n${note(out, footer)}`;
}

/** True when an entry of the bulk answer is an error (the command then exits 1). */
export function anyFailed(body: unknown): boolean {
  return (
    Array.isArray((body as { markets?: unknown })?.markets) &&
    (body as { markets: BulkEntry[] }).markets.some((m) => m.error)
  );
}

// ---- watch ----

export function eventLine(e: PlannedBellEvent): string {
  const what = e.event === 'open' ? 'OPEN ' : e.event === 'close' ? 'CLOSE' : 'phase';
  return `${e.at}  ${e.market}  ${what}  ${e.phase ?? '(no phase)'}`;
}

export interface WatchOptions {
  now?: () => number;
  /** Clock reads when nothing is due sooner, ms (default 1000). */
  tickMs?: number;
  horizonMs?: number;
  onEvent: (e: PlannedBellEvent) => void | Promise<void>;
  onError?: (identifier: string, message: string) => void;
  signal?: AbortSignal;
}

/**
 * Announces each event of `ids` once the clock passes it, until `signal` aborts. Refuses
 * (UserError) when none of the identifiers can be watched.
 */
export async function watch(ds: CalendarQueries, ids: string[], options: WatchOptions): Promise<void> {
  const tickMs = options.tickMs ?? 1000;
  let stream: BellEventStream;
  try {
    stream = openBellEventStream(ds, { markets: ids }, { now: options.now ?? Date.now, horizonMs: options.horizonMs });
  } catch (err) {
    // Too many identifiers: the bulk status's own limit and message.
    if ((err as { code?: unknown }).code === 'invalid_argument') throw new UserError((err as Error).message);
    throw err;
  }
  for (const e of stream.errors) options.onError?.(e.identifier, e.error.message);
  if (stream.markets.length === 0) throw new UserError('none of the identifiers can be watched');
  while (!options.signal?.aborted) {
    const step = stream.steps.next().value;
    if (step.event) {
      await options.onEvent(step.event);
      continue;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(tickMs, step.waitMs));
      options.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });
  }
}

/** Runs `cmd` through the shell with the event in OPENBELL_* variables and as JSON on stdin. */
export async function runExec(cmd: string, e: PlannedBellEvent): Promise<number | null> {
  // Imported here: the status command's formatters load this module, and child_process (with
  // the cluster of modules it pulls in) is only needed by `watch --exec`.
  const { spawn } = await import('node:child_process');
  return new Promise((resolve) => {
    const { at_ms: _ms, ...body } = e;
    const child = spawn(cmd, {
      shell: true,
      stdio: ['pipe', 'inherit', 'inherit'],
      env: {
        ...process.env,
        OPENBELL_EVENT_ID: e.id,
        OPENBELL_MARKET: e.market,
        OPENBELL_EVENT: e.event,
        OPENBELL_AT: e.at,
        OPENBELL_PHASE: e.phase ?? '',
        OPENBELL_STATUS: e.status,
      },
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${JSON.stringify(body)}\n`);
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code));
  });
}
