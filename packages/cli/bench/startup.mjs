// Start-up of the built CLI on the bundled sample, beside `node -e ''` measured in
// the same run: `openbell status US.NYSE --at …` from spawn to exit, and `openbell serve
// --port 0` from spawn to the first 200 answer of /markets/US.NYSE/status. Runs are
// interleaved (node, status, serve, node, …) so load from elsewhere hits all three alike.
//   STARTUP_RUNS (default 9) runs of each; prints medians and min, each with its goal.
//   STARTUP_BASELINE_BIN=<another build's dist/bin.js>: measured too, in the same interleaved
//   runs, for a before/after comparison.
// Beside the wall time, each process's own CPU time (user + system, read at its exit by a
// preloaded hook): on a machine shared with other work the wall time includes waiting for a
// core, the CPU time does not.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = Math.max(1, Number(process.env.STARTUP_RUNS ?? 9));
const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const BASELINE = process.env.STARTUP_BASELINE_BIN;
const AT = '2023-11-15T17:00:00Z';
const GOALS = { status: 200, serve: 300 };

// No settings from the machine: the bundled sample, no config file, a scratch cache.
const scratch = mkdtempSync(join(tmpdir(), 'openbell-startup-'));
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('OPENBELL_') && k !== 'TRADINGHOURS_TOKEN'),
);
Object.assign(env, { XDG_CONFIG_HOME: join(scratch, 'config'), XDG_CACHE_HOME: join(scratch, 'cache'), NO_COLOR: '1' });

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

// Written to fd 3 at exit: the process's CPU time in ms.
const CPU_HOOK = join(scratch, 'cpu.cjs');
writeFileSync(
  CPU_HOOK,
  "process.on('exit', () => { const u = process.cpuUsage(); try { require('fs').writeSync(3, String((u.user + " +
    'u.system) / 1000)); } catch {} });\n',
);
const STDIO = ['ignore', 'pipe', 'pipe', 'pipe'];
const cpuOf = (child) => {
  let text = '';
  child.stdio[3].on('data', (d) => (text += d));
  return () => Number(text) || NaN;
};

function runToExit(args) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, ['-r', CPU_HOOK, ...args], { env, stdio: STDIO });
    const cpu = cpuOf(child);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.resume();
    child.on('error', reject);
    child.on('exit', (code) => {
      const t = ms(t0);
      // The CPU time arrives on its pipe by the time the child's streams close.
      child.on('close', () =>
        code !== 0 ? reject(new Error(`${args.join(' ')} exited ${code}`)) : resolve({ t, cpu: cpu(), out }),
      );
    });
  });
}

function get(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

/** Spawn → the first 200 of the status route; the server is then stopped (SIGTERM) and awaited. */
function serveToFirst200(bin = BIN) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(
      process.execPath,
      ['-r', CPU_HOOK, bin, 'serve', '--port', '0', '--log-level', 'warn', '--update-every', '0'],
      { env, stdio: STDIO },
    );
    const cpu = cpuOf(child);
    child.stdout.resume();
    let err = '';
    let done = false;
    const finish = (fn) => {
      if (done) return;
      done = true;
      child.once('close', fn);
      child.kill('SIGTERM');
    };
    child.on('exit', (code) => {
      if (!done) reject(new Error(`serve exited ${code} before answering:\n${err}`));
    });
    child.stderr.on('data', async (d) => {
      err += d;
      const m = /listening on (http:\/\/\S+?) /.exec(err);
      if (!m || child.asked) return;
      child.asked = true;
      try {
        const status = await get(`${m[1]}/markets/US.NYSE/status?datetime_utc=${AT}`);
        const t = ms(t0);
        if (status !== 200) throw new Error(`status route answered ${status}`);
        // CPU time to the end of the run (draining included), an upper bound of the start's.
        finish(() => resolve({ t, cpu: cpu() }));
      } catch (e) {
        finish(() => reject(e));
      }
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

try {
  // Warm the file cache and check the answer once before timing.
  const first = await runToExit([BIN, 'status', 'US.NYSE', '--at', AT, '--json']);
  if (JSON.parse(first.out).status !== 'Open') throw new Error(`unexpected status answer: ${first.out}`);
  await serveToFirst200();
  const runs = { node: [], status: [], serve: [], baseStatus: [], baseServe: [] };
  const load = loadavg()[0];
  for (let i = 0; i < RUNS; i++) {
    runs.node.push(await runToExit(['-e', '']));
    runs.status.push(await runToExit([BIN, 'status', 'US.NYSE', '--at', AT]));
    runs.serve.push(await serveToFirst200());
    if (BASELINE) {
      runs.baseStatus.push(await runToExit([BASELINE, 'status', 'US.NYSE', '--at', AT]));
      runs.baseServe.push(await serveToFirst200(BASELINE));
    }
  }
  const node = median(runs.node.map((r) => r.t));
  const row = (name, what, rs, goal) => {
    const xs = rs.map((r) => r.t);
    const m = median(xs);
    const verdict = goal === undefined ? '' : m <= goal ? `≤ ${goal} ms  ok` : `≤ ${goal} ms  MISSED`;
    const cpu = median(rs.map((r) => r.cpu));
    return `${name.padEnd(7)} ${what.padEnd(42)} ${m.toFixed(0).padStart(5)} ms (min ${Math.min(...xs)
      .toFixed(0)
      .padStart(4)}, ${(m / node).toFixed(1)}× node; cpu ${cpu.toFixed(0).padStart(4)} ms)  ${verdict}`;
  };
  console.log(
    `cli start-up, median of ${RUNS} runs ` +
      `(interleaved; load average ${load.toFixed(2)} → ${loadavg()[0].toFixed(2)})`,
  );
  console.log(row('node', "node -e '' (the floor)", runs.node));
  console.log(row('status', 'openbell status US.NYSE --at …: to exit', runs.status, GOALS.status));
  console.log(row('serve', 'openbell serve --port 0: to the first 200', runs.serve, GOALS.serve));
  if (BASELINE) {
    console.log(`baseline: ${BASELINE}`);
    console.log(row('status', '  the same, baseline build', runs.baseStatus, GOALS.status));
    console.log(row('serve', '  the same, baseline build', runs.baseServe, GOALS.serve));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
