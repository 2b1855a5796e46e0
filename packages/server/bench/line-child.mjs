// A bench child speaking JSON lines on stdout and reading commands on stdin, as the watchers'
// and the board's servers, bare loops and receivers do (watchers.mjs, board.mjs).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

/**
 * Starts `node args…`. `next(key)` resolves with the next message holding `key` (rejects if the
 * child exits first), `ask(line, key)` sends a command and waits for it, `stop(graceMs)` closes
 * the child's input (a child ends by itself then, writing a --cpu-prof profile) and sends SIGTERM
 * after `graceMs`.
 */
export function lineChild(args, env = {}) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  process.on('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  const queue = [];
  const waiting = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      return;
    }
    const w = waiting.findIndex((x) => x.key in msg);
    if (w >= 0) waiting.splice(w, 1)[0].resolve(msg);
    else queue.push(msg);
  });
  const next = (key) => {
    const i = queue.findIndex((m) => key in m);
    if (i >= 0) return Promise.resolve(queue.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      waiting.push({ key, resolve });
      child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited (code ${code}) before answering ${key}`)));
    });
  };
  return {
    next,
    ask: (line, key) => {
      child.stdin.write(`${line}\n`);
      return next(key);
    },
    stop: async (graceMs = 0) => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
