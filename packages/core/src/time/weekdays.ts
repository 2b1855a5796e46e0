/**
 * The `Days` column: comma-separated day names and ranges, a range may wrap past Sunday
 * (`Fri-Mon` is Fri, Sat, Sun, Mon). Parsed once into a bit mask (bit 0 = Monday).
 */
const NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function dayIndex(token: string): number {
  const t = token.trim().toLowerCase();
  // Accept full names too ('Monday'), matched on their first three letters.
  const i = t.length >= 3 ? NAMES.indexOf(t.slice(0, 3)) : -1;
  if (
    i < 0 ||
    (t.length > 3 &&
      !`${['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'][i]}`.startsWith(t))
  ) {
    throw new Error(`unknown day name '${token.trim()}'`);
  }
  return i;
}

/** Returns the mask, or throws an Error whose message says what is wrong. */
export function parseDays(value: string): number {
  let mask = 0;
  const parts = value.split(',');
  for (const part of parts) {
    if (part.trim() === '') throw new Error(`empty day in '${value}'`);
    const range = part.split('-');
    if (range.length === 1) {
      mask |= 1 << dayIndex(range[0]!);
    } else if (range.length === 2) {
      const from = dayIndex(range[0]!);
      const to = dayIndex(range[1]!);
      for (let i = from; ; i = (i + 1) % 7) {
        mask |= 1 << i;
        if (i === to) break;
      }
    } else {
      throw new Error(`malformed day range '${part.trim()}'`);
    }
  }
  return mask;
}

/** Bit of an ISO weekday (1 = Monday … 7 = Sunday). */
export function weekdayBit(isoWeekday: number): number {
  return 1 << (isoWeekday - 1);
}
