// The README's side-by-side, run by CI against the packed tarballs (scripts/test-packages.sh
// installs them into an empty directory and runs this file there): the README's questions asked
// of the library and of `createClient(url)` against a server on the same data give the same
// answers as JSON; an unknown market is a 404 naming it, a bad argument a 422 with `loc`, and a
// re-ask is answered from a 304.
import { createClient, InvalidArgumentError, NotFoundError } from '@openbell/client';
import { loadSample } from '@openbell/loader';
import { createApp } from '@openbell/server';

const data = await loadSample();
const app = createApp({ data, logLevel: 'silent' });
const server = await new Promise((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
try {
  const local = data.dataset;
  const remote = createClient(`http://127.0.0.1:${server.address().port}`);
  const questions = [
    ['status', 'US.NYSE', '2023-11-15T17:00:00Z'],
    ['sessions', 'US.NYSE', '2023-11-22', '2023-11-24'],
    ['advance', 'US.NYSE+GB.LSE', '2023-12-22', 2],
    ['derivedDates', 'XNYS', 'nth-weekday:3:fri', '2024-01', '2024-03'],
    ['listHolidays', 'XNYS', '2024-01-01', '2024-12-31'],
    ['fxSpot', 'EURUSD', '2023-06-16'],
    ['nextBell', 'XNYS', '2023-11-22T22:00:00Z'],
  ];
  for (const [method, ...args] of questions) {
    const here = JSON.stringify(local[method](...args));
    const there = JSON.stringify(await remote[method](...args));
    if (here !== there) throw new Error(`${method}: the library answered ${here}, the client ${there}`);
  }
  const refused = (p) =>
    p.then(
      () => null,
      (e) => e,
    );
  const notFound = await refused(remote.getMarket('ZZ.NOWHERE'));
  if (!(notFound instanceof NotFoundError) || notFound.status !== 404 || !notFound.message.includes('ZZ.NOWHERE'))
    throw new Error(`expected a 404 naming ZZ.NOWHERE, got ${notFound}`);
  const invalid = await refused(remote.listHolidays('XNYS', 'soon', '2024-12-31'));
  if (
    !(invalid instanceof InvalidArgumentError) ||
    invalid.status !== 422 ||
    invalid.faults[0]?.loc.join() !== 'query,start'
  )
    throw new Error(`expected a 422 at query.start, got ${invalid}`);
  const again = await remote.withMeta.listHolidays('XNYS', '2024-01-01', '2024-12-31');
  if (!again.fromCache) throw new Error('the re-ask was not answered from a 304');
  console.log(
    JSON.stringify({ questions: questions.length, same: true, version: again.version, fromCache: again.fromCache }),
  );
} finally {
  server.close();
}
