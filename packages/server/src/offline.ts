/**
 * The REST bodies without the HTTP stack: operations (the registry and their answers) and
 * /info. A separate entry point (`@openbell/server/offline`) so command-line use does not load
 * express and pino.
 */
export { answer, answerOperation, createRouteMatcher, invoke, runOperation, type AnswerOptions, type RouteOutcome } from './answer.js';
export { operations, type Operations } from './operations.js';
export { toCsv } from './csv.js';
export type { ApiParam, ArgsOf, CliCommand, CliHint, CommandName, Operation, ResultOf } from './registry.js';
export { infoBody, healthBody, PACKAGE_VERSION, SAMPLE_LABEL } from './info.js';
export { DataHolder } from './updates.js';
export type { LoadedData } from './types.js';
