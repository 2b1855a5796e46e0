/**
 * The forms of a MIC and a currency code, which single values (values.ts) and the members of a
 * calendar expression (calendars.ts) are read by. Apart so that params.ts, which re-exports those
 * modules whole, does not make them part of the package's face.
 */
export const MIC_RE = /^[A-Za-z0-9]{4}$/;
export const CURRENCY_RE = /^[A-Za-z]{3}$/;
