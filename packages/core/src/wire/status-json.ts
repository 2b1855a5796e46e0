/**
 * Status answers as bytes (docs/semantics.md §5): `statusJson` writes one from the parts
 * rules/status.ts computes, with no records made, and `statusJsonAt` keeps each market's last
 * answer with the span of instants it holds for.
 */
import { msToSeconds, type EpochMs, type EpochSeconds } from '../time/dates.js';
import type { Zone } from '../time/zone.js';
import { statusRecord, type Generated } from '../rules/generate.js';
import type { MarketEntry } from '../tables/model.js';
import type { Market, Phase } from '../types.js';
import { ByteWriter } from './byte-writer.js';
import { jsonOf, writePhase, writePhaseIn } from './row-json.js';
import { localDayOf, reasonOf, statusParts, type StatusSpan } from '../rules/status.js';

const encoder = new TextEncoder();

/**
 * The constant parts of a status's JSON (before the first value, between values, after the
 * last), cut out of `JSON.stringify(statusRecord(…))` with marker values, as rowJson does.
 */
function statusCuts(): Uint8Array[] {
  const marks = [0, 1, 2, 3, 4, 5].map((i) => `\u0001openbell-${i}\u0002`);
  const [a, b, c, d, e, f] = marks as [string, string, string, string, string, string];
  const text = JSON.stringify(statusRecord(a as 'Open', b, c, d, e as unknown as Phase, f as unknown as Market));
  const cuts: Uint8Array[] = [];
  let from = 0;
  for (const m of marks) {
    const quoted = JSON.stringify(m);
    const at = text.indexOf(quoted, from);
    cuts.push(encoder.encode(text.slice(from, at)));
    from = at + quoted.length;
  }
  cuts.push(encoder.encode(text.slice(from)));
  return cuts;
}

let statusCutBytes: Uint8Array[] | undefined;
// A market's record is answered by every status of it: its JSON is made once. Records handed
// out by a Dataset are its own and are not to be changed, so the bytes stay theirs.
const marketBytes = new WeakMap<Market, Uint8Array>();
/** Status answers are small: written here, then copied out at their size. */
const statusWriter = new ByteWriter(4096);

function quotedInstant(w: ByteWriter, instant: EpochSeconds | null, zone: Zone): void {
  if (instant === null) return w.ascii('null');
  w.byte(34);
  w.instant(instant, zone.offsetAt(instant));
  w.byte(34);
}

/**
 * `JSON.stringify(computeStatus(…))` as UTF-8 bytes, from the parts status.ts computed, with
 * no records made: the phase from its row's JSON parts, the market's JSON kept per market.
 */
export function statusJson(
  entry: MarketEntry,
  zone: Zone,
  current: Generated | null,
  reason: string | null,
  until: EpochSeconds | null,
  nextBell: EpochSeconds | null,
): Uint8Array {
  const cut = (statusCutBytes ??= statusCuts());
  const w = statusWriter;
  w.pos = 0;
  w.bytes(cut[0]!);
  w.ascii(current?.row.isOpen ? '"Open"' : '"Closed"');
  w.bytes(cut[1]!);
  if (reason === null) w.ascii('null');
  else {
    // Reasons repeat (a phase type, a holiday's name): each is encoded once per market.
    const reasons = (jsonOf(entry).reasons ??= new Map());
    let r = reasons.get(reason);
    if (r === undefined) reasons.set(reason, (r = encoder.encode(JSON.stringify(reason))));
    w.bytes(r);
  }
  w.bytes(cut[2]!);
  quotedInstant(w, until, zone);
  w.bytes(cut[3]!);
  quotedInstant(w, nextBell, zone);
  w.bytes(cut[4]!);
  if (current === null) w.ascii('null');
  else if (current.row.zone === zone) writePhase(w, current, jsonOf(entry).rows);
  else writePhaseIn(w, current, zone, jsonOf(entry).rows);
  w.bytes(cut[5]!);
  const market = entry.market;
  let m = marketBytes.get(market);
  if (m === undefined) marketBytes.set(market, (m = encoder.encode(JSON.stringify(market))));
  w.bytes(m);
  w.bytes(cut[6]!);
  return w.copy();
}

interface StatusMemo extends StatusSpan {
  zone: Zone;
  bytes: Uint8Array;
}

/**
 * The last answer of each market with where it holds: status is asked again and again for the
 * same or a nearby instant ("now"), and computing it generates a week of phases. One entry per
 * market entry, and it goes when the entry (its Dataset) does. Only answers are kept: an
 * instant out of coverage or a data error is computed (and thrown) anew every time.
 */
const memos = new WeakMap<MarketEntry, StatusMemo>();
const scratchSpan: StatusSpan = { from: 0, to: 0, day: 0 };

/**
 * `JSON.stringify(computeStatus(entry, zone, instantMs))` as UTF-8 bytes, from the market's
 * last answer when it holds at `instantMs`. The bytes are shared with later answers: a caller
 * that would write in them takes a copy.
 */
export function statusJsonAt(entry: MarketEntry, zone: Zone, instantMs: EpochMs): Uint8Array {
  const t = msToSeconds(instantMs);
  let memo = memos.get(entry);
  if (
    memo === undefined ||
    memo.zone !== zone ||
    !(memo.from <= t && t < memo.to) ||
    localDayOf(zone, t) !== memo.day
  ) {
    const parts = statusParts(entry, zone, t, scratchSpan);
    const bytes = statusJson(entry, zone, parts.current, reasonOf(entry, parts), parts.until, parts.nextBell);
    // One memo object per market, rewritten in place rather than made anew for each answer.
    if (memo === undefined) memos.set(entry, (memo = { from: 0, to: 0, day: 0, zone, bytes }));
    memo.from = scratchSpan.from;
    memo.to = scratchSpan.to;
    memo.day = scratchSpan.day;
    memo.zone = zone;
    memo.bytes = bytes;
  }
  return memo.bytes;
}
