/**
 * Change sets as text for people: a line naming the versions, a summary table (one row per
 * kind, its added, removed and changed counts), then one line per change. Every line fits the
 * width (80 columns off a terminal): long versions and details are cut, never wrapped, so a
 * change stays one line a script can grep.
 */
import type { Change, ChangeSet } from '@openbell/core';
import { fitLine, note, table, type Out } from '../format.js';

const KIND_LABEL: Record<Change['kind'], string> = {
  market: 'market',
  holiday: 'holiday',
  schedule: 'schedule',
  currency: 'currency',
  currency_holiday: 'currency holiday',
  phase_type: 'phase type',
};
const KINDS = Object.keys(KIND_LABEL) as Change['kind'][];

type Rec = Record<string, unknown>;

function keyText(c: Change): string {
  const k = c.key as Rec;
  return [k.fin_id ?? k.currency_code ?? k.name, k.date].filter((v) => v !== undefined).join(' ');
}

function value(v: unknown): string {
  if (v === null || v === undefined) return '-';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** What the record is, in a few words: enough to recognise it beside its key. */
function recordText(kind: Change['kind'], r: Rec): string {
  const parts = (...vs: unknown[]) => vs.filter((v) => v !== null && v !== undefined && v !== '').map(String).join(', ');
  switch (kind) {
    case 'market':
      return parts(r.exchange_name, r.market_name);
    case 'holiday':
      return parts(r.holiday_name, r.schedule, r.settlement === undefined ? undefined : `settlement ${value(r.settlement)}`);
    case 'schedule':
      return parts(r.schedule_group, r.phase_type, r.days, `${value(r.start)}-${value(r.end)}`);
    case 'currency':
      return parts(r.currency_name);
    case 'currency_holiday':
      return parts(r.holiday_name, r.settlement === undefined ? undefined : `settlement ${value(r.settlement)}`);
    case 'phase_type':
      return parts(r.status, r.settlement === undefined ? undefined : `settlement ${value(r.settlement)}`);
  }
}

/** For `changed`, each differing field as `field: before → after`; else the record. */
function detail(c: Change): string {
  if (c.op === 'changed') {
    const b = (c.before ?? {}) as Rec;
    const a = (c.after ?? {}) as Rec;
    return (c.fields ?? []).map((f) => `${f}: ${value(b[f])} → ${value(a[f])}`).join('; ');
  }
  return recordText(c.kind, (c.after ?? c.before ?? {}) as Rec);
}

function summaryTable(cs: ChangeSet, out: Out): string {
  const rows = KINDS.filter((k) => ['added', 'removed', 'changed'].some((op) => cs.summary[`${k}_${op}`])).map((k) => [
    KIND_LABEL[k],
    cs.summary[`${k}_added`] ?? 0,
    cs.summary[`${k}_removed`] ?? 0,
    cs.summary[`${k}_changed`] ?? 0,
  ]);
  return table(['KIND', 'ADDED', 'REMOVED', 'CHANGED'], rows, out);
}

/** One change set: the versions, the summary, the changes. */
export function changeSetText(cs: ChangeSet, out: Out): string {
  const head = fitLine(`${cs.from_version ?? '(no version)'} → ${cs.to_version ?? '(no version)'}`, out.width);
  if (cs.changes.length === 0) return `${out.color.bold(head)}\n${note(out, 'no changes')}`;
  const soon = cs.summary.soon ?? 0;
  const lines = [
    out.color.bold(head),
    '',
    summaryTable(cs, out),
    ...(soon > 0 ? [note(out, `${soon} ${soon === 1 ? 'holiday lies' : 'holidays lie'} within 30 days of ${cs.loaded_at.slice(0, 10)} (marked *)`)] : []),
    '',
    table(
      // SOON is left out when no change is soon.
      ['KIND', 'OP', 'KEY', { header: 'SOON', drop: 1 }, { header: 'DETAIL', flex: true, min: 12 }],
      cs.changes.map((c) => [KIND_LABEL[c.kind], c.op, keyText(c), c.soon ? '*' : '', detail(c)]),
      out,
    ),
  ];
  return lines.join('\n');
}

/** `/changes`'s body: each change set in turn, or a line saying there is none. */
export function versionsText(body: { versions: ChangeSet[] }, out: Out, none: string): string {
  if (body.versions.length === 0) return note(out, none);
  return body.versions.map((cs) => changeSetText(cs, out)).join('\n\n');
}
