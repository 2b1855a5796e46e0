/**
 * `openbell serve`: the REST server over the configured source, optionally publishing the
 * archive it serves as a hosted `/v4/download` endpoint.
 */
import { createServer, installShutdownHandlers, publisherTokensFrom, type LogLevel, type PublisherOptions } from '@openbell/server';
import type { Settings } from '../config.js';
import { SAMPLE_NOTICE, sourceFor } from '../data.js';
import { isUserFault, oneLine, UserError } from '../errors.js';

/** Failures of the first load that retrying will not fix: stop rather than serve 503s forever. */
const FATAL_LOAD_CODES = new Set(['archive_invalid', 'data_invalid', 'too_large', 'unauthorized', 'forbidden', 'not_found', 'config_invalid', 'io']);

function publishOptions(settings: Settings, archivePath: string | null): PublisherOptions {
  if (!archivePath) throw new UserError('--publish needs a ZIP archive to publish; --data points at a directory');
  let tokens: () => readonly string[];
  try {
    tokens = publisherTokensFrom({
      file: settings.publishTokensFile,
      env: { OPENBELL_PUBLISH_TOKENS: (settings.publishTokens ?? []).join(',') },
    });
    tokens();
  } catch (e) {
    throw new UserError(`--publish: ${oneLine(e).replace(/^publish: /, '')}`);
  }
  return { archivePath, tokens, ...(settings.publishUrl ? { publicBaseUrl: settings.publishUrl } : {}) };
}

export async function serve(settings: Settings, err: NodeJS.WritableStream = process.stderr): Promise<void> {
  const source = sourceFor(settings);
  const publish = settings.publish ? publishOptions(settings, source.archivePath()) : undefined;
  if (source.kind === 'sample') err.write(`${SAMPLE_NOTICE}\n`);
  else err.write(`Loading data from ${source.description}${source.isRemote ? ' (cached in the cache directory; first run downloads)' : ''}\n`);

  const running = await createServer({
    source,
    host: settings.host,
    port: settings.port,
    ...(settings.uds ? { socketPath: settings.uds } : {}),
    updateEveryMinutes: settings.updateEvery,
    logLevel: settings.logLevel as LogLevel,
    ...(settings.corsOrigins ? { corsOrigins: settings.corsOrigins.includes('*') ? '*' : settings.corsOrigins } : {}),
    ...(publish ? { publish } : {}),
  });
  installShutdownHandlers(running);
  try {
    await running.ready;
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (isUserFault(e) && typeof code === 'string' && FATAL_LOAD_CODES.has(code)) {
      await running.close();
      throw new UserError(oneLine(e));
    }
    err.write(`Loading failed (${oneLine(e)}); serving 503 and retrying in the background\n`);
  }
  const data = running.holder.current;
  if (data) err.write(`Serving ${data.meta.isSample ? 'the bundled SAMPLE dataset' : data.meta.source} (version ${data.meta.version ?? 'n/a'})\n`);
  if (publish) err.write(`Publishing ${publish.archivePath} at ${running.url}/v4/download\n`);
  err.write(`openbell listening on ${running.url} (docs at ${running.url.startsWith('unix:') ? '/docs over the socket' : `${running.url}/docs`})\n`);
}
