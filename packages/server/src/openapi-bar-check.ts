/**
 * The OpenAPI entry of `POST /markets/{identifier}/bars/check` (docs/calendar-arithmetic.md §15,
 * bar-check.ts): its parameters are core's `checkBars` declaration less the timestamps, which
 * travel in the body.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { BAR_CHECK_REASONS, MAX_CHECK_STAMPS } from '@openbell/core';
import { ErrorDetail, ValidationError } from '@openbell/catalog/schemas';

const MissingBar = z.object({ date: z.string(), start: z.string() });
const ExtraStamp = z.object({
  at: z.string(),
  reason: z.enum(BAR_CHECK_REASONS),
  date: z.union([z.string(), z.null()]),
  holiday_name: z.union([z.string(), z.null()]),
});
export const BarCheckSchema = z.object({
  market: z.string(),
  start: z.string(),
  end: z.string(),
  period: z.string(),
  expected: z.number().int(),
  given: z.number().int(),
  matched: z.number().int(),
  missing: z.array(MissingBar),
  extra: z.array(ExtraStamp),
});

const text = (description: string, example: string) => z.string().openapi({ example, param: { description } });
const json = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

export function registerBarCheck(registry: OpenAPIRegistry): void {
  const stamps = ['2024-01-02T09:30:00-05:00', '2024-01-02T09:31:00-05:00', '2024-01-02T09:33:00-05:00'];
  registry.registerPath({
    method: 'post',
    path: '/markets/{identifier}/bars/check',
    operationId: 'checkBars',
    summary: 'Check a price series against the bar grid: missing bars, and why each other timestamp is unexpected',
    description:
      "The body is the series' timestamps (ISO 8601 with an offset or Z): a JSON array of strings, or `text/csv` / " +
      '`text/plain` with one at the start of each line (a header line allowed). It is read as it arrives. `missing`: ' +
      'the expected bars of the range (the bar starts of /bars) no timestamp matches, in time order. `extra`: every ' +
      'other timestamp in the order given, with its reason: `duplicate`, `outside_range`, `in_break`, `off_grid`, ' +
      `\`outside_hours\` or \`closed\` (with the holiday's name). At most ${MAX_CHECK_STAMPS} timestamps (413) and ` +
      `${MAX_CHECK_STAMPS} expected bars (422 naming end).`,
    tags: ['Markets'],
    request: {
      params: z.object({
        identifier: text('A FinID (has a dot, e.g. US.NYSE) or a MIC (e.g. XNYS); any case.', 'XNYS'),
      }),
      query: z.object({
        start: text('First local date of the range, inclusive (YYYY-MM-DD).', '2024-01-02'),
        end: text('Last local date of the range, inclusive (YYYY-MM-DD).', '2024-01-02'),
        period: text('Bar length: 1m to 1440m or 1h to 24h.', '1m'),
        breaks: z
          .enum(['split', 'ignore'])
          .optional()
          .default('split')
          .openapi({ example: 'split', param: { description: '`split` (default): no bar in a break; `ignore`.' } }),
      }),
      body: {
        required: true,
        content: {
          'application/json': { schema: z.array(z.string()).openapi({ example: stamps }) },
          'text/csv': { schema: z.string().openapi({ example: `timestamp,close\n${stamps.join(',1\n')},1\n` }) },
          'text/plain': { schema: z.string().openapi({ example: `${stamps.join('\n')}\n` }) },
        },
      },
    },
    responses: {
      200: json('The check', BarCheckSchema),
      400: json("A date of the range outside the market's coverage window", ErrorDetail),
      403: json('Not covered by the plan of the loaded data', ErrorDetail),
      404: json('Unknown market or MIC', ErrorDetail),
      409: json('MIC that maps to several markets', ErrorDetail),
      413: json(`More than ${MAX_CHECK_STAMPS} timestamps`, ErrorDetail),
      422: json(
        'A query parameter, or a timestamp of the body (`loc` ["body"], its line or item named)',
        ValidationError,
      ),
      503: json('Calendar data is not loaded yet', ErrorDetail),
    },
  });
}
