// Child of bench/watchers.mjs: BENCH_RECEIVERS loopback webhook receivers, the first of which
// hangs (reads the request, never answers). Prints {urls} once listening, then, on each
// delivery, nothing; on `report` (stdin) {arrivals: [epoch ms of each receiver's first POST],
// hung: requests the hanging one took}.
import http from 'node:http';
import { createInterface } from 'node:readline';

const N = Number(process.env.BENCH_RECEIVERS ?? 200);
const arrivals = new Array(N).fill(null);
let hung = 0;
const servers = await Promise.all(
  Array.from(
    { length: N },
    (_, i) =>
      new Promise((resolve) => {
        const s = http.createServer((req, res) => {
          req.resume();
          req.on('end', () => {
            arrivals[i] ??= performance.timeOrigin + performance.now();
            if (i === 0) {
              hung += 1;
              return;
            }
            res.writeHead(204).end();
          });
        });
        s.listen(0, '127.0.0.1', () => resolve(s));
      }),
  ),
);
process.stdout.write(`${JSON.stringify({ urls: servers.map((s) => `http://127.0.0.1:${s.address().port}/hook`) })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === 'report') process.stdout.write(`${JSON.stringify({ arrivals: arrivals.slice(1), hung })}\n`);
}
