/**
 * The data an `as_of` names (docs/rest.md "Point in time"), one rule for the GET dispatcher and
 * the POST operations: a version the server keeps (`pointInTime`, when overrides keep history),
 * else only the version served, asked by its id; anything else is core's GoneError (410) or the
 * InvalidArgumentError `pointInTime` raises (422).
 */
import { GoneError } from '@openbell/core';
import type { DataHolder } from '../updates.js';

type Data = NonNullable<DataHolder['current']>;

export function dataNamedBy(pointInTime: ((asOf: string) => Data) | undefined, data: Data, asOf: unknown): Data {
  // A repeated parameter: the last one counts, as for every other parameter.
  const named = Array.isArray(asOf) ? String(asOf[asOf.length - 1]) : String(asOf);
  if (pointInTime) return pointInTime(named);
  if (named !== data.meta.version) throw new GoneError('no earlier version is kept by this server', data.meta.version);
  return data;
}
