/**
 * The commands of docs/calendar-arithmetic.md §10–13 on the sample: `dates`, bars of whole sessions,
 * `overlap`, `clock-changes`; their JSON is the REST body.
 */
import { describe, expect, it } from 'vitest';
import { run } from './helpers.js';
import { sampleRest } from './sample-rest.js';

const { json: restJson } = await sampleRest();

describe.concurrent('derived dates, session bars, overlap and clock changes on the command line', () => {
  it('openbell dates EXPR --rule R --from --to: IMM dates settled two business days later', async () => {
    const r = await run([
      'dates',
      'XNYS+GB.LSE',
      '--rule',
      'imm',
      '--from',
      '2024-01',
      '--to',
      '2024-12',
      '--offset',
      '2',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(
      await restJson('/calendars/XNYS+GB.LSE/dates?rule=imm&start=2024-01&end=2024-12&offset=2'),
    );
    // 2024-06-19 is Juneteenth on the NYSE: rolled to the 20th, then two business days on.
    expect(JSON.parse(r.stdout)[1]).toEqual({ period: '2024-06', nominal: '2024-06-19', date: '2024-06-24' });
  });

  it('a bad rule is one line naming --rule, exit 1', async () => {
    const r = await run(['dates', 'XNYS', '--rule', 'third-friday', '--from', '2024-01', '--to', '2024-12']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/rule/);
  });

  it('bars --period 1w: a table of the first open and last close with the session count', async () => {
    const r = await run(['bars', 'XNYS', '--start', '2023-11-20', '--end', '2023-12-01', '--period', '1w']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      [
        'Date        Open              Close             Sessions',
        '----------  ----------------  ----------------  --------',
        '2023-11-24  2023-11-20 09:30  2023-11-24 13:00         4',
        '2023-12-01  2023-11-27 09:30  2023-12-01 16:00         5',
        "(2 bars; Date: the last session; times in the market's timezone)",
        '',
      ].join('\n'),
    );
  });

  it('overlap and clock-changes answer as REST', async () => {
    const o = await run([
      'overlap',
      '--markets',
      'XNYS,XLON',
      '--start',
      '2023-11-20',
      '--end',
      '2023-11-24',
      '--json',
    ]);
    expect(o.code, o.stderr).toBe(0);
    expect(JSON.parse(o.stdout)).toEqual(await restJson('/overlap?markets=XNYS,XLON&start=2023-11-20&end=2023-11-24'));
    expect(JSON.parse(o.stdout)[0]).toEqual({ start: '2023-11-20T14:30:00Z', end: '2023-11-20T16:30:00Z' });
    const c = await run(['clock-changes', 'XNYS', '--start', '2024-01-01', '--end', '2024-12-31', '--json']);
    expect(JSON.parse(c.stdout)).toEqual([
      { at: '2024-03-10T07:00:00Z', offset_before: '-05:00', offset_after: '-04:00' },
      { at: '2024-11-03T06:00:00Z', offset_before: '-04:00', offset_after: '-05:00' },
    ]);
  });
});
