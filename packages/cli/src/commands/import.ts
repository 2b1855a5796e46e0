/** `openbell import`: download or refresh the cached archive of a remote source. */
import type { Settings } from '../config.js';
import { progressBar, sourceFor } from '../data.js';
import { UserError } from '../errors.js';

export async function importArchive(
  settings: Settings,
  force: boolean,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const bar = await progressBar();
  const source = sourceFor(settings, bar.onProgress);
  if (!source.isRemote) {
    throw new UserError(
      source.kind === 'sample'
        ? 'nothing to import: no token or data URL is configured (set OPENBELL_TOKEN, or --data https://…); the ' +
            'bundled sample needs no import'
        : `nothing to import: ${source.description} is read in place`,
    );
  }
  let result;
  try {
    result = await source.update({ force });
  } finally {
    bar.stop();
  }
  if (result.status === 'up_to_date') {
    out.write(`up to date: ${source.description} has not changed (${source.archivePath()})\n`);
    return;
  }
  const { meta, dataset } = result.data;
  out.write(
    `imported ${meta.source}: version ${meta.version}, ${dataset.counts.markets} markets, ` +
      `${dataset.counts.currencies} currencies, plan ${meta.plan}` +
      `${meta.warnings.length ? `, ${meta.warnings.length} warnings` : ''}\n  cached at ${source.archivePath()}\n`,
  );
}
