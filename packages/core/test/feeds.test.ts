import { describe, expect, it } from 'vitest';
import { buildHolidayFeed } from '../src/index.js';
import { escapeText, foldLine } from '../src/wire/feeds.js';

describe('§7 iCalendar text', () => {
  it(
    'a date with two rows is one event whose description says the rows conflict (lines when given, else the ' +
      'count)',
    () => {
      const rows = [
        { date: '2004-12-24', holiday_name: 'Christmas Eve', settlement: 'No', memo: null },
        { date: '2004-12-24', holiday_name: 'Christmas Eve (observed)', settlement: 'Yes', memo: null },
        { date: '2004-12-27', holiday_name: 'Boxing Day', settlement: 'No', memo: null },
      ];
      const text = buildHolidayFeed({ kind: 'currency', key: 'usd', name: 'USD', stamp: 0, holidays: rows }).replace(
        /\r\n /g,
        '',
      );
      expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
      expect(text).toContain('SUMMARY:Christmas Eve / Christmas Eve (observed) — USD conflicting rows');
      expect(text).toContain(
        'DESCRIPTION:The data holds two conflicting rows for this date. Which one holds is unknown: answers computed ' +
          'from this date are a data error.',
      );
      expect(text).toContain('SUMMARY:Boxing Day — USD no settlement');
      const named = buildHolidayFeed({
        kind: 'currency',
        key: 'USD',
        name: 'USD',
        stamp: 0,
        holidays: rows,
        duplicates: [{ date: '2004-12-24', lines: ['f.csv, line 2', 'f.csv, line 9'] }],
      });
      expect(named.replace(/\r\n /g, '')).toContain(
        'DESCRIPTION:The data holds two conflicting rows for this date: f.csv\\, line 2\\; f.csv\\, line 9.',
      );
    },
  );

  it('escapes TEXT values and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    for (const l of folded.split('\r\n')) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i ? l.slice(1) : l))
        .join(''),
    ).toBe(line);
  });

  it('writes CRLF lines, one all-day event per row and timed events with a VTIMEZONE', () => {
    const text = buildHolidayFeed({
      kind: 'market',
      key: 'us.nyse',
      name: 'US.NYSE holidays',
      stamp: Date.parse('2023-11-15T17:00:00Z'),
      holidays: [
        {
          date: '2023-11-23',
          holiday_name: 'Thanksgiving Day',
          schedule: 'Closed',
          settlement: 'No',
          memo: null,
          status: 'Closed',
        },
        {
          date: '2023-11-24',
          holiday_name: 'Thanksgiving Day',
          schedule: 'Partial',
          settlement: 'Yes',
          memo: 'Early close, 13:00',
          status: 'Open',
        },
      ],
      openPhases: {
        '2023-11-24': [
          {
            phase_type: 'Primary Trading Session',
            start: '2023-11-24T09:30:00-05:00',
            end: '2023-11-24T13:00:00-05:00',
            phase_name: null,
            phase_memo: null,
            status: 'Open',
            settlement: 'Yes',
            timezone: 'America/New_York',
            has_settlement: true,
            is_open: true,
          },
        ],
      },
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(text).toContain('UID:US.NYSE-20231123@openbell');
    expect(text).toContain('SUMMARY:Thanksgiving Day — US.NYSE closed');
    expect(text).toContain('SUMMARY:Thanksgiving Day — US.NYSE partial day');
    expect(text).toContain('DESCRIPTION:Schedule: Partial\\nSettlement: Yes\\nMemo: Early close\\, 13:00');
    expect(text).toContain('DTSTART;VALUE=DATE:20231124\r\nDTEND;VALUE=DATE:20231125');
    expect(text).toContain('DTSTART;TZID=America/New_York:20231124T093000');
    expect(text).toContain('UID:US.NYSE-20231124T093000@openbell');
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York/);
    expect(text).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20240310T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400');
  });

  it(
    'writes a regional calendar: type in the summary, country in the description, a second event of one date kept ' +
      'apart',
    () => {
      const text = buildHolidayFeed({
        kind: 'regional',
        key: 'Christian Orthodox',
        name: 'Christian Orthodox holidays',
        stamp: Date.parse('2024-01-01T00:00:00Z'),
        holidays: [
          {
            date: '2024-05-05',
            holiday_name: 'Easter Sunday',
            settlement: null,
            memo: null,
            type: 'religious',
            country: null,
          },
          {
            date: '2024-05-05',
            holiday_name: 'Another feast',
            settlement: null,
            memo: 'same day',
            type: 'religious',
            country: 'Greece',
          },
        ],
      });
      expect(text).toContain('UID:CHRISTIAN_ORTHODOX-20240505@openbell\r\n');
      expect(text).toContain('UID:CHRISTIAN_ORTHODOX-20240505-2@openbell\r\n');
      expect(text).toContain('SUMMARY:Easter Sunday — Christian Orthodox (religious)\r\n');
      expect(text).toContain('DESCRIPTION:Country: Greece\\nMemo: same day\r\n');
    },
  );
});
