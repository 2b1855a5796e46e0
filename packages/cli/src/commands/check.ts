/**
 * `openbell check FILE --market ID --period P [--start --end] [--breaks]`: a file of timestamps
 * (a JSON array, CSV or plain lines; `-` for standard input) checked against the market's bar
 * grid (docs/calendar-arithmetic.md §15), as `POST /markets/{id}/bars/check` answers. A summary
 * first, then the first rows of each list; exit code 1 when anything is missing or extra.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { localDate, QUERIES, stampReader, StampReader, type BarCheckResult } from '@openbell/core';
import { parseParams } from '@openbell/core/params';
import { UserError } from '../errors.js';

/** Rows of each list printed under the summary (`--json` prints them all). */
const SHOWN = 20;

/** What `openbell check` takes (check-command.ts declares the options). */
export interface CheckOptions {
  market: string;
  period: string;
  start?: string;
  end?: string;
  breaks?: string;
}

type Ds = { parsed: import('@openbell/core').ParsedQueries };

async function readPieces(file: string, each: (text: string) => void): Promise<void> {
  const decoder = new StringDecoder('utf8');
  const stream = file === '-' ? process.stdin : createReadStream(file);
  try {
    for await (const chunk of stream) each(decoder.write(chunk as Buffer));
  } catch (err) {
    if (err instanceof UserError) throw err;
    const e = err as { code?: string; message?: string };
    if (e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR')
      throw new UserError(`cannot read ${file}: ${e.message}`);
    throw err;
  }
  each(decoder.end());
}

function formatOf(first: string): 'json' | 'lines' {
  return first.trimStart().startsWith('[') ? 'json' : 'lines';
}

/** The file read twice when the range is left out: once for its first and last dates, then checked. */
export async function checkFile(ds: Ds, file: string, opts: CheckOptions): Promise<BarCheckResult> {
  try {
    let { start, end } = opts;
    if (start === undefined || end === undefined) {
      const market = ds.parsed.getMarket(
        parseParams({ identifier: QUERIES.checkBars.params.identifier }, { identifier: opts.market }).identifier,
        true,
      );
      let first: number | undefined;
      let last: number | undefined;
      let reader: StampReader | undefined;
      await readPieces(file, (text) => {
        reader ??= new StampReader(formatOf(text), (ms) => {
          first ??= ms;
          last = ms;
        });
        reader.feed(text);
      });
      reader?.end();
      if (first === undefined || last === undefined)
        throw new UserError(`${file} holds no timestamp: give --start and --end to list the bars it lacks`);
      start ??= localDate(market.timezone, first);
      end ??= localDate(market.timezone, last);
    }
    const { timestamps: _t, ...params } = QUERIES.checkBars.params;
    const a = parseParams(params, { identifier: opts.market, period: opts.period, start, end, breaks: opts.breaks });
    const check = ds.parsed.barChecker(a.identifier, a.start, a.end, a.period, a.breaks);
    let reader: StampReader | undefined;
    await readPieces(file, (text) => {
      reader ??= stampReader(formatOf(text), check);
      reader.feed(text);
    });
    reader?.end();
    return check.result();
  } catch (err) {
    const e = err as { code?: unknown; message?: string };
    if (typeof e?.code === 'string' && e.code !== 'internal' && !(err instanceof UserError))
      throw new UserError((e.message ?? String(err)).replace(/^body: /, `${file}: `));
    throw err;
  }
}

/** The summary a person reads first, then the first rows of each list. */
export function checkText(r: BarCheckResult): string {
  const ok = r.missing.length === 0 && r.extra.length === 0;
  const byReason = new Map<string, number>();
  for (const e of r.extra) byReason.set(e.reason, (byReason.get(e.reason) ?? 0) + 1);
  const reasons = [...byReason].map(([k, n]) => `${n} ${k}`).join(', ');
  const lines = [
    `${r.market} ${r.period} bars ${r.start} to ${r.end}: ${ok ? 'OK' : 'NOT OK'}`,
    `  expected ${r.expected}, given ${r.given}, matched ${r.matched}`,
    `  missing  ${r.missing.length}`,
    `  extra    ${r.extra.length}${reasons ? ` (${reasons})` : ''}`,
  ];
  if (r.missing.length > 0) {
    lines.push('', `Missing (first ${Math.min(SHOWN, r.missing.length)} of ${r.missing.length}):`);
    for (const m of r.missing.slice(0, SHOWN)) lines.push(`  ${m.date}  ${m.start}`);
  }
  if (r.extra.length > 0) {
    lines.push('', `Extra (first ${Math.min(SHOWN, r.extra.length)} of ${r.extra.length}):`);
    for (const e of r.extra.slice(0, SHOWN))
      lines.push(`  ${e.at}  ${e.reason}${e.date ? ` ${e.date}` : ''}${e.holiday_name ? ` (${e.holiday_name})` : ''}`);
  }
  return lines.join('\n');
}
