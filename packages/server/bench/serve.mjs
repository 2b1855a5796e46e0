// The server under load, in its own process so the load generator does not share its event
// loop. Serves the loader's sample dataset when the loader is built, otherwise a small NYSE
// dataset built from rows. Prints one JSON line {url, data} once listening. BENCH_LOG_LEVEL
// sets the log level (default warn), BENCH_CACHE_BYTES the answer cache (0 turns it off), BENCH_BLOCK_BYTES
// the month blocks kept.
import { writeSync } from 'node:fs';
import { Dataset } from '@openbell/core';
import { createServer } from '../dist/index.js';
import { inMemoryData } from '../dist/app.js';

const NY = 'America/New_York';

function nyseDataset() {
  const row = (schedule_group, phase_type, start, end, extra = {}) => ({
    fin_id: 'US.NYSE',
    schedule_group,
    timezone: NY,
    phase_type,
    days: 'Mon-Fri',
    start,
    end,
    offset_days: 0,
    ...extra,
  });
  const hol = (date, holiday_name, schedule, status, settlement) => ({
    fin_id: 'US.NYSE',
    date,
    holiday_name,
    schedule,
    status,
    settlement,
    observed: false,
  });
  return Dataset.create({
    markets: [
      {
        fin_id: 'US.NYSE',
        exchange_name: 'New York Stock Exchange',
        timezone: NY,
        weekend_definition: 'Sat-Sun',
        mic: 'XNYS',
      },
    ],
    holidays: [
      hol('2023-01-02', "New Year's Day", 'Closed', 'Closed', 'No'),
      hol('2023-11-23', 'Thanksgiving Day', 'Closed', 'Closed', 'No'),
      hol('2023-11-24', 'Thanksgiving Day', 'Partial', 'Open', 'Yes'),
      hol('2024-12-25', 'Christmas', 'Closed', 'Closed', 'No'),
    ],
    schedules: [
      row('Regular', 'Pre-Trading Session', '04:00:00', '09:30:00'),
      row('Regular', 'Pre-Open', '06:30:00', '09:30:00', { phase_name: 'Pre-Opening Session' }),
      row('Regular', 'Call Auction', '09:30:00', '09:30:00', { phase_name: 'Core Open Auction' }),
      row('Regular', 'Primary Trading Session', '09:30:00', '16:00:00', { phase_name: 'Core Trading Session' }),
      row('Regular', 'Pre-Close', '15:50:00', '16:00:00', { phase_name: 'Closing Imbalance Period' }),
      row('Regular', 'Post-Trading Session', '16:00:00', '20:00:00', { phase_name: 'Extended Hours' }),
      row('Partial', 'Pre-Trading Session', '06:30:00', '09:30:00'),
      row('Partial', 'Primary Trading Session', '09:30:00', '13:00:00'),
      row('Partial', 'Post-Trading Session', '13:00:00', '13:30:00', { phase_name: 'Crossing Session' }),
    ],
    phaseTypes: [
      { name: 'Primary Trading Session', status: 'Open', settlement: 'Yes' },
      { name: 'Pre-Trading Session', status: 'Closed', settlement: 'No' },
      { name: 'Post-Trading Session', status: 'Closed', settlement: 'No' },
      { name: 'Pre-Open', status: 'Closed', settlement: 'No' },
      { name: 'Pre-Close', status: 'Closed', settlement: 'No' },
      { name: 'Call Auction', status: 'Closed', settlement: 'No' },
    ],
    micMapping: [{ mic: 'XNYS', fin_id: 'US.NYSE' }],
    seasonDefinitions: [],
  });
}

async function loadData() {
  try {
    const loader = await import('@openbell/loader');
    if (typeof loader.loadSample === 'function')
      return { data: await loader.loadSample(), label: 'loader sample dataset' };
  } catch {
    // Loader not built yet, or no sample archive: fall back to rows.
  }
  return { data: inMemoryData(nyseDataset()), label: 'built-in NYSE rows' };
}

const { data, label } = await loadData();
const running = await createServer({
  data,
  port: 0,
  host: '127.0.0.1',
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  ...(process.env.BENCH_CACHE_BYTES ? { cacheBytes: Number(process.env.BENCH_CACHE_BYTES) } : {}),
  ...(process.env.BENCH_BLOCK_BYTES ? { blockBytes: Number(process.env.BENCH_BLOCK_BYTES) } : {}),
});
const hello = `${JSON.stringify({ url: running.url, data: label })}\n`;
// The benches read the URL on a descriptor of its own when they send the log elsewhere.
if (process.env.BENCH_URL_FD) writeSync(Number(process.env.BENCH_URL_FD), hello);
else process.stdout.write(hello);
const stop = () => running.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
