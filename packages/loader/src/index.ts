export * from './errors.js';
export * from './types.js';
export * from './local.js';
export * from './remote.js';
