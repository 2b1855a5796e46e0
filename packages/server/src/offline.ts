/**
 * The REST bodies without the HTTP stack: route answers and /info. A separate entry point
 * (`@openbell/server/offline`) so command-line use does not load express and pino.
 */
export { answer, createRouteMatcher, runRoute, type AnswerOptions, type RouteOutcome } from './answer.js';
export { infoBody, healthBody, PACKAGE_VERSION, SAMPLE_LABEL } from './info.js';
export { DataHolder } from './updates.js';
export type { LoadedData } from './types.js';
