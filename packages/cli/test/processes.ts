/**
 * Watching the processes a test starts: waiting (with a deadline) for something they do,
 * whether a pid is still alive, their JSON log lines, and a GET on a connection of its own.
 */
import http from 'node:http';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `cond` every 50 ms until it holds; throws, naming `what`, after `ms`. */
export async function waitFor(what: string, cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The JSON log lines of a process's stdout. */
export const logLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg: string; pid: number; reason?: string });

/** GET on a connection of its own (no keep-alive), so a cluster hands each request to the next worker. */
export function getFresh(url: string): Promise<{ status: number; version: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { connection: 'close' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            version: res.headers['x-openbell-data-version'] as string | undefined,
            body,
          }),
        );
      })
      .setTimeout(5000, function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} within 5 s`));
      })
      .on('error', reject);
  });
}
