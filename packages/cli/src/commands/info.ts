/** `openbell info [--check]`: what data is loaded and, with --check, whether a newer one exists. */
import type { CheckResult } from '@openbell/loader';
import { infoBody, SAMPLE_LABEL } from '@openbell/catalog';
import type { Settings } from '../config.js';
import { loadForQuery, progressBar, sourceFor } from '../data.js';
import { keyValues, outputFor, wrapWords } from '../format.js';

export async function info(
  settings: Settings,
  options: { check: boolean; json: boolean },
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const bar = await progressBar();
  const source = sourceFor(settings, bar.onProgress);
  const data = await loadForQuery(settings, options.json, source).finally(() => bar.stop());
  const check: CheckResult | undefined = options.check ? await source.check() : undefined;
  // The same body as GET /info, so scripts can read either.
  const body = infoBody({ current: data, loadError: null }) as Record<string, any>;
  if (options.json) {
    const checked = check && {
      up_to_date: check.upToDate,
      etag: check.etag,
      last_modified: check.lastModified,
      content_length: check.contentLength,
    };
    out.write(`${JSON.stringify(checked ? { ...body, check: checked } : body, null, 2)}\n`);
    return;
  }
  const d = body.data;
  const c = data.dataset.counts;
  const o = outputFor();
  const lines = [
    keyValues(
      [
        ['Source', d.source],
        ['Kind', d.kind],
        ['Version', d.version],
        ['Downloaded at', d.downloaded_at],
        ['Archive', source.archivePath()],
        ['Plan', d.plan],
        ['Markets', c.markets],
        ['Market holidays', c.holidays],
        ['Schedule rows', c.schedules],
        ['Currencies', c.currencies],
        ['Currency holidays', c.currencyHolidays],
        ['Warnings', (d.warnings as number) + (d.load_warnings as number)],
        ['openbell', body.package_version],
      ],
      o,
    ),
  ];
  // Folded at word boundaries to the width, never mid-word.
  if (data.meta.isSample) lines.push('', ...wrapWords(SAMPLE_LABEL, o.width));
  if (check) {
    lines.push(
      '',
      data.meta.isSample || !source.isRemote
        ? check.upToDate
          ? 'Check: the data on disk is what is loaded.'
          : 'Check: the data on disk changed since it was loaded.'
        : check.upToDate
          ? `Check: up to date (${check.etag ?? 'no ETag'}).`
          : `Check: a newer version is available (${check.etag ?? 'no ETag'}` +
            `${check.contentLength ? `, ${check.contentLength} bytes` : ''}); run \`openbell import\`.`,
    );
  }
  out.write(`${lines.join('\n')}\n`);
}
