/**
 * Where the CLI's data comes from: the loader's createDataSource with the settings, the
 * bundled sample next to this file when the CLI is packed, and a progress bar on downloads.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDataSource, type DataSource, type LoadedData, type ProgressCallback } from '@openbell/loader';
import type cliProgress from 'cli-progress';
import type { Settings } from './config.js';

export const SAMPLE_NOTICE =
  "Using the bundled open dataset (not vendor data). Set OPENBELL_TOKEN or --data for the vendor's data.";

/** The sample copied beside the bundle (dist/../data/sample.zip); undefined in the workspace. */
function bundledSample(): string | undefined {
  const p = fileURLToPath(new URL('../data/sample.zip', import.meta.url));
  return existsSync(p) ? p : undefined;
}

/**
 * A progress bar on stderr while a download runs, only when stderr is a terminal (cli-progress
 * and the readline it loads are imported then only: a query's start does without them): bytes,
 * speed and time left (while the size is known), then a line while the archive is verified.
 */
export async function progressBar(
  stream: NodeJS.WriteStream = process.stderr,
  clock: () => number = Date.now,
): Promise<{ onProgress: ProgressCallback; stop: () => void }> {
  if (!stream.isTTY) return { onProgress: () => undefined, stop: () => undefined };
  const { default: cliProgress } = await import('cli-progress');
  let bar: cliProgress.SingleBar | undefined;
  let started = 0;
  let verifying = false;
  const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
  return {
    onProgress: ({ loaded, total, stage }) => {
      if (stage === 'verifying') {
        bar?.stop();
        bar = undefined;
        if (!verifying) stream.write(verifyingLine(loaded));
        verifying = true;
        return;
      }
      if (!bar) {
        started = clock();
        bar = new cliProgress.SingleBar(
          {
            stream,
            format: 'downloading [{bar}] {percentage}% {got}/{all} MiB {speed} {left}',
            hideCursor: true,
            clearOnComplete: true,
            barsize: 24,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total ?? 0, 0, { got: mib(0), all: total ? mib(total) : '?', speed: '', left: '' });
      }
      if (total) bar.setTotal(total);
      const { speed, left } = pace(loaded, total, (clock() - started) / 1000);
      bar.update(total ? loaded : 0, { got: mib(loaded), all: total ? mib(total) : '?', speed, left });
    },
    stop: () => {
      bar?.stop();
      // The verifying line is done with once the data is loaded (or the load failed).
      if (verifying) stream.write('\r\x1b[K');
    },
  };
}

/** The line shown while a downloaded archive is opened and checked. */
export function verifyingLine(bytes: number): string {
  return `verifying the archive (${(bytes / 1024 / 1024).toFixed(1)} MiB): opening it and checking every table…`;
}

/** Speed so far and time left at that speed: `2.4 MiB/s`, `0:12 left` (blank until a second of data). */
export function pace(loaded: number, total: number | undefined, seconds: number): { speed: string; left: string } {
  if (seconds < 0.5 || loaded <= 0) return { speed: '', left: '' };
  const rate = loaded / seconds;
  const speed = `${(rate / 1024 / 1024).toFixed(1)} MiB/s`;
  if (!total || total <= loaded) return { speed, left: '' };
  const s = Math.ceil((total - loaded) / rate);
  const two = (n: number) => String(n).padStart(2, '0');
  const left =
    s >= 3600
      ? `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
      : `${Math.floor(s / 60)}:${two(s % 60)}`;
  return { speed, left: `${left} left` };
}

/**
 * The configured source. `offThread` (serve) loads and verifies new data in a worker and
 * builds it in slices so requests keep being answered; one-shot commands load in-thread,
 * which is quicker when nothing else waits.
 */
export function sourceFor(settings: Settings, onProgress?: ProgressCallback, offThread = false): DataSource {
  return createDataSource({
    offThread,
    data: settings.data,
    token: settings.token,
    baseUrl: settings.baseUrl,
    allowInsecureHttp: settings.allowInsecureHttp,
    cacheDir: settings.cacheDir,
    samplePath: bundledSample(),
    onProgress,
  });
}

/**
 * Loads the data for a query (from `source`, or one made from the settings), saying on stderr when it is the sample.
 */
export async function loadForQuery(settings: Settings, quiet = false, source?: DataSource): Promise<LoadedData> {
  const bar = await progressBar();
  try {
    const data = await (source ?? sourceFor(settings, bar.onProgress)).load();
    if (data.meta.isSample && !quiet) process.stderr.write(`${SAMPLE_NOTICE}\n`);
    return data;
  } finally {
    bar.stop();
  }
}
