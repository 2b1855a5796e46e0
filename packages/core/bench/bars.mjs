/**
 * Bars benchmark (goal: under 10 ms): one year of 1-minute XNYS bars, planned, counted and
 * written as JSON bytes, with the sample's 2023 NYSE hours and holidays (97,140 bars, ~9 MB).
 * `node --expose-gc bench/run.mjs bars` runs this case alone.
 */
import { DEFAULT_BLOCK_BYTES, Dataset, setMonthBlockBytes } from '../dist/index.js';
import { PHASE_TYPES } from './generate-tables.mjs';

const NY = 'America/New_York';
const CLOSED_2023 = [
  '2023-01-02',
  '2023-01-16',
  '2023-02-20',
  '2023-04-07',
  '2023-05-29',
  '2023-06-19',
  '2023-07-04',
  '2023-09-04',
  '2023-11-23',
  '2023-12-25',
];
const PARTIAL_2023 = ['2023-07-03', '2023-11-24'];

function nyseTables() {
  const hol = (date, schedule, open) => ({
    fin_id: 'US.NYSE',
    date,
    holiday_name: 'Holiday',
    schedule,
    status: open ? 'Open' : 'Closed',
    settlement: open ? 'Yes' : 'No',
  });
  const row = (group, phase_type, start, end) => ({
    fin_id: 'US.NYSE',
    schedule_group: group,
    phase_type,
    days: 'Mon-Fri',
    start,
    end,
    offset_days: 0,
    timezone: NY,
  });
  return {
    markets: [{ fin_id: 'US.NYSE', timezone: NY, mic: 'XNYS' }],
    holidays: [
      hol('2022-01-03', 'Closed', false),
      ...CLOSED_2023.map((d) => hol(d, 'Closed', false)),
      ...PARTIAL_2023.map((d) => hol(d, 'Partial', true)),
      hol('2024-12-31', 'Closed', false),
    ],
    schedules: [
      row('Regular', 'Pre-Trading Session', '04:00:00', '09:30:00'),
      row('Regular', 'Call Auction', '09:30:00', '09:30:00'),
      row('Regular', 'Primary Trading Session', '09:30:00', '16:00:00'),
      row('Regular', 'Pre-Close', '15:50:00', '16:00:00'),
      row('Regular', 'Post-Trading Session', '16:00:00', '20:00:00'),
      row('Partial', 'Pre-Trading Session', '06:30:00', '09:30:00'),
      row('Partial', 'Primary Trading Session', '09:30:00', '13:00:00'),
      row('Partial', 'Post-Trading Session', '13:00:00', '13:30:00'),
    ],
    phaseTypes: PHASE_TYPES,
    micMapping: [{ mic: 'XNYS', fin_id: 'US.NYSE' }],
    seasonDefinitions: [],
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median ms of writing the year's bars as JSON bytes (all pieces), and what was written. */
export function barsBench({ runs = 41, blocks = true } = {}) {
  // Without blocks every answer is planned and written afresh; with them, after the first
  // answer, it is planned and sliced out of the kept months.
  setMonthBlockBytes(blocks ? DEFAULT_BLOCK_BYTES : 0);
  const ds = Dataset.create(nyseTables());
  const write = () => {
    let bytes = 0;
    for (const piece of ds.barJsonChunks('XNYS', '2023-01-01', '2023-12-31', { period: '1m' })) bytes += piece.length;
    return bytes;
  };
  const bars = ds.countBars('XNYS', '2023-01-01', '2023-12-31', { period: '1m' }).count;
  let bytes = 0;
  for (let i = 0; i < 5; i++) bytes = write();
  // No gc() between runs: a full collection drops the objects the optimized writer was
  // specialised on, and it would be timed deoptimized and re-optimized each time.
  globalThis.gc?.();
  const times = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    write();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  // The obvious way, records then JSON.stringify and UTF-8, after the writer's runs: on a
  // shared machine the ratio of the two says more than either figure alone.
  const naive = () =>
    Buffer.from(JSON.stringify([...ds.bars('XNYS', '2023-01-01', '2023-12-31', { period: '1m' })])).length;
  if (naive() !== bytes) throw new Error('the writer and JSON.stringify disagree');
  const naiveTimes = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    naive();
    naiveTimes.push(performance.now() - t0);
  }
  setMonthBlockBytes(DEFAULT_BLOCK_BYTES);
  return {
    bars,
    bytes,
    median: median(times),
    min: Math.min(...times),
    cpuMedian: median(cpu),
    naiveMedian: median(naiveTimes),
  };
}

export function barsRows() {
  return [false, true].map((blocks) => {
    const r = barsBench({ blocks });
    return [
      `bars: one year of 1-minute XNYS bars as JSON (${r.bars.toLocaleString('en')} bars, ` +
        `${(r.bytes / 2 ** 20).toFixed(1)} MiB), ${blocks ? 'from kept month blocks' : 'written afresh'}`,
      `${r.median.toFixed(2)} ms`,
      `target < 10 ms (CPU time ${r.cpuMedian.toFixed(2)} ms, best ${r.min.toFixed(2)} ms; records + JSON.stringify ` +
        `${r.naiveMedian.toFixed(0)} ms)`,
    ];
  });
}
