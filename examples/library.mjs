// The library example of the README, run by CI against the packed tarballs:
// scripts/test-packages.sh installs them into an empty directory and runs this file there.
import { loadSample } from '@openbell/loader';
import { Dataset } from '@openbell/core';
import { createApp } from '@openbell/server';

const at = '2023-11-15T17:00:00Z';
const data = await loadSample();
const { dataset, meta } = data;
if (!(dataset instanceof Dataset)) throw new Error('loadSample did not answer a core Dataset');

const status = dataset.status('US.NYSE', Date.parse(at));
const holidays = dataset.listHolidays('US.NYSE', '2024-01-01', '2024-12-31');
if (status.status !== 'Open' || status.reason !== 'Primary Trading Session')
  throw new Error(`unexpected status ${JSON.stringify(status)}`);
if (holidays.length === 0) throw new Error('no 2024 holidays for US.NYSE');

// The same question through the REST app on a free port.
const app = createApp({ data, logLevel: 'silent' });
const server = await new Promise((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
try {
  const { port } = server.address();
  const res = await fetch(`http://127.0.0.1:${port}/markets/US.NYSE/status?datetime_utc=${encodeURIComponent(at)}`);
  const body = await res.json();
  if (res.status !== 200 || body.status !== status.status || body.until !== status.until) {
    throw new Error(`REST answered ${res.status} ${JSON.stringify(body)}`);
  }
} finally {
  server.close();
}
console.log(
  JSON.stringify({
    isSample: meta.isSample,
    version: meta.version,
    status: status.status,
    reason: status.reason,
    until: status.until,
    holidays2024: holidays.length,
  }),
);
