/** The calendar tables the catalogue's tests answer from: the one fixture of the workspace's tests. */
export { fixtureTables, NOON_NY } from '@openbell/core/testing';
