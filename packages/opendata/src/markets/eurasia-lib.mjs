// Shared helpers of the eurasia family's exchange modules.
import { weekday } from '../lib/dates.mjs';

export const isSatSun = (d) => weekday(d) === 0 || weekday(d) === 6;
export const inSample = (d) => d >= '2000-01-01' && d <= '2030-12-31';
