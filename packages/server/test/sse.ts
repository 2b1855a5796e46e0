/** A small Server-Sent Events reader over node:http, for the live tests. */
import http from 'node:http';

export interface SseFrame {
  event: string;
  id?: string;
  data: any;
}

export interface SseStream {
  frames: SseFrame[];
  status: number;
  /** Resolves with the first frame (from the start) matching, waiting up to `ms`. */
  waitFor(pred: (f: SseFrame) => boolean, ms?: number): Promise<SseFrame>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      const frames: SseFrame[] = [];
      const waiters: (() => void)[] = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) !== -1) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const f: Partial<SseFrame> & { lines: string[] } = { lines: [] };
          for (const line of block.split('\n')) {
            const m = /^(\w+): ?(.*)$/.exec(line);
            if (!m) continue;
            if (m[1] === 'event') f.event = m[2];
            else if (m[1] === 'id') f.id = m[2];
            else if (m[1] === 'data') f.lines.push(m[2]!);
          }
          if (!f.event && f.lines.length === 0) continue;
          frames.push({
            event: f.event ?? 'message',
            ...(f.id !== undefined ? { id: f.id } : {}),
            data: f.lines.length ? JSON.parse(f.lines.join('\n')) : null,
          });
          waiters.splice(0).forEach((w) => w());
        }
      });
      resolve({
        frames,
        status: res.statusCode ?? 0,
        waitFor(pred, ms = 5000) {
          return new Promise((ok, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`no matching event in ${ms} ms; got ${frames.map((f) => f.event).join(', ')}`)),
              ms,
            );
            const check = () => {
              const hit = frames.find(pred);
              if (hit) {
                clearTimeout(timer);
                ok(hit);
              } else waiters.push(check);
            };
            check();
          });
        },
        close() {
          req.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
