/** The calendar tables the catalogue's tests answer from: core's fixture, so both agree. */
export { fixtureTables } from '../../core/test/fixture.js';

export const NOON_NY = Date.parse('2023-11-15T17:00:00Z');
