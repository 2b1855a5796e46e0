/**
 * `--as-of` of a query command (docs/cli.md "Point in time"): REST's `as_of` names a version the
 * server kept; a command keeps one, the data it loads. So `--as-of` is answered when it names
 * that version (its id, as `openbell info` prints it) or an instant since that version was
 * downloaded (any instant for local data and the bundled dataset, which have no earlier
 * version to tell apart); an instant before is refused as REST's 410 refuses one before the
 * oldest version kept, and anything else as REST's 422 does.
 */
import { parseInstant } from '@openbell/core/params';
import type { DataMeta } from '@openbell/loader';
import { UserError } from '../errors.js';

export function checkAsOf(asOf: string, meta: Pick<DataMeta, 'version' | 'downloadedAt'>): void {
  if (meta.version !== null && asOf === meta.version) return;
  let ms: number;
  try {
    ms = parseInstant(asOf, 'as_of');
  } catch {
    throw new UserError(
      `--as-of: '${asOf}' is neither the version of the data loaded (${meta.version ?? 'none'}) nor an instant ` +
        'with Z or an offset such as 2024-07-16T09:00:00Z',
    );
  }
  if (meta.downloadedAt !== null && ms < Date.parse(meta.downloadedAt))
    throw new UserError(
      `--as-of ${asOf} is before the only version this command holds (${meta.version ?? 'unnamed'}, downloaded at ` +
        `${meta.downloadedAt}); a server keeps earlier versions: GET …?as_of=${asOf}`,
    );
}
