/**
 * Change sets as text for people: a header naming both sides, a summary table (one row per
 * kind, its added, removed and changed counts), then one line per change, and below a changed
 * record each of its fields on a line of its own, `field: before → after`, wrapped at word
 * boundaries to the width (80 columns off a terminal) rather than cut, so no value is lost.
 */
import type { Change, ChangeSet } from '@openbell/core';
import { fitLine, note, table, wrapWords, type Out } from '../format.js';

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
  const parts = (...vs: unknown[]) =>
    vs
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map(String)
      .join(', ');
  switch (kind) {
    case 'market':
      return parts(r.exchange_name, r.market_name);
    case 'holiday':
      return parts(
        r.holiday_name,
        r.schedule,
        r.settlement === undefined ? undefined : `settlement ${value(r.settlement)}`,
      );
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

/** For `changed`, nothing (its fields go on lines of their own); else the record. */
function detail(c: Change): string {
  return c.op === 'changed' ? '' : recordText(c.kind, (c.after ?? c.before ?? {}) as Rec);
}

/** Each differing field of a `changed` record as `field: before → after`. */
function fieldLines(c: Change): string[] {
  if (c.op !== 'changed') return [];
  const b = (c.before ?? {}) as Rec;
  const a = (c.after ?? {}) as Rec;
  return (c.fields ?? []).map((f) => `${f}: ${value(b[f])} → ${value(a[f])}`);
}

/** The two sides of a comparison: what was read (a file or URL) and its version. */
export interface Sides {
  from: string;
  to: string;
}

function summaryTable(cs: ChangeSet, out: Out): string {
  const rows = KINDS.filter((k) => ['added', 'removed', 'changed'].some((op) => cs.summary[`${k}_${op}`])).map((k) => [
    KIND_LABEL[k],
    cs.summary[`${k}_added`] ?? 0,
    cs.summary[`${k}_removed`] ?? 0,
    cs.summary[`${k}_changed`] ?? 0,
  ]);
  return table(['Kind', 'Added', 'Removed', 'Changed'], rows, out);
}

/** The header naming both sides: with `sides`, each on a line (`old  <file or URL>`) and its version below it. */
function header(cs: ChangeSet, out: Out, sides: Sides | undefined): string {
  const version = (v: string | null) => v ?? '(no version)';
  if (!sides) return out.color.bold(fitLine(`${version(cs.from_version)} → ${version(cs.to_version)}`, out.width));
  return [
    out.color.bold(fitLine(`old  ${sides.from}`, out.width)),
    `     ${version(cs.from_version)}`,
    out.color.bold(fitLine(`new  ${sides.to}`, out.width)),
    `     ${version(cs.to_version)}`,
  ].join('\n');
}

/**
 * One change set: the versions (or, with `sides`, what each side was read from and its
 * version), the summary, the changes; a changed record's fields one per line below it.
 */
export function changeSetText(cs: ChangeSet, out: Out, sides?: Sides): string {
  const head = header(cs, out, sides);
  if (cs.changes.length === 0) return `${head}\n${note(out, 'no changes')}`;
  const soon = cs.summary.soon ?? 0;
  const changes = table(
    // SOON is left out when no change is soon.
    ['KIND', 'OP', 'KEY', { header: 'SOON', drop: 1 }, { header: 'DETAIL', flex: true, min: 12 }],
    cs.changes.map((c) => [KIND_LABEL[c.kind], c.op, keyText(c), c.soon ? '*' : '', detail(c)]),
    out,
  ).split('\n');
  const first = changes.length - cs.changes.length;
  const lines = [
    head,
    '',
    summaryTable(cs, out),
    ...(soon > 0
      ? [
          note(
            out,
            `${soon} ${soon === 1 ? 'holiday lies' : 'holidays lie'} within 30 days of ${cs.loaded_at.slice(0, 10)} ` +
              `(marked *)`,
          ),
        ]
      : []),
    '',
    ...changes.flatMap((line, i) => {
      const c = i >= first ? cs.changes[i - first] : undefined;
      return c?.op === 'changed'
        ? [line.trimEnd(), ...fieldLines(c).flatMap((f) => wrapWords(f, out.width, '    '))]
        : [line];
    }),
  ];
  return lines.join('\n');
}

/** `/changes`'s body: each change set in turn, or a line saying there is none. */
export function versionsText(body: { versions: ChangeSet[] }, out: Out, none: string): string {
  if (body.versions.length === 0) return note(out, none);
  return body.versions.map((cs) => changeSetText(cs, out)).join('\n\n');
}
