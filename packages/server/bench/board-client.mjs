// Forked by bench/board.mjs: board pages as the page in live/board-page.ts behaves, on raw
// sockets (no HTTP client library, so the client spends as little as it can). Each page holds
// an `/events` stream and a keep-alive connection for `/board/data`, which it asks at load,
// every poll interval, and at once on each `open`/`close`/`phase`/`data_changed` event (one
// request at a time: an event during a request asks again 250 ms after it, as the page does).
// A connection the server closes (keep-alive timeout, eviction) is opened again for the next
// request, as a browser does. Messages from the parent:
//   {cmd: 'open', url, pages: [{index, address}], pollMs, concurrency} → {streams, refusedStreams, failedStreams}
//   {cmd: 'report'} → {answers: [{page, sent, ms, status}], seen: {version: [first epoch ms per page]}, reconnects}
//   {cmd: 'reset'}   (forgets the answers so far)
//   {cmd: 'pause', paused}   (no page asks while paused; streams stay open)
//   {cmd: 'exit'}
import net from 'node:net';

const preciseNow = () => performance.timeOrigin + performance.now();
const pages = [];
let answers = [];
let reconnects = 0;
/** While true no page asks (its timers run on): what holding the pages costs the server alone. */
let paused = false;
const EVENTS = /event: (open|close|phase|data_changed)\n/;

/** One `/board/data` connection: sends a request, frames the answer by Content-Length. */
class Poller {
  constructor(page) {
    this.page = page;
    this.socket = undefined;
    this.buf = '';
    this.want = -1;
    this.status = 0;
  }

  send() {
    if (!this.socket || this.socket.destroyed) this.connect();
    this.sent = preciseNow();
    this.write();
  }

  write() {
    this.buf = '';
    this.want = -1;
    this.socket.write(this.page.request);
  }

  connect() {
    if (this.socket) reconnects += 1;
    const { host, port, address } = this.page;
    const socket = net.connect({ host, port, localAddress: address });
    this.socket = socket;
    this.used = false;
    socket.setEncoding('latin1');
    socket.on('data', (text) => this.data(text));
    socket.on('error', () => {});
    socket.on('close', () => {
      if (this.socket !== socket || !this.page.fetching) return;
      // A kept connection the server closed as the request went out (its keep-alive timeout):
      // asked again on a new one, as a browser does; closed otherwise, a failed request.
      if (this.buf === '' && this.used) {
        this.connect();
        this.write();
      } else this.done(0, '');
    });
  }

  data(text) {
    this.buf += text;
    if (this.want < 0) {
      const end = this.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      this.status = Number(this.buf.slice(9, 12));
      const m = /\r\ncontent-length: *(\d+)/i.exec(this.buf.slice(0, end));
      this.want = end + 4 + Number(m?.[1] ?? 0);
    }
    if (this.buf.length < this.want) return;
    const body = this.buf.slice(this.buf.indexOf('\r\n\r\n') + 4, this.want);
    this.buf = this.buf.slice(this.want);
    this.done(this.status, body);
  }

  done(status, body) {
    const got = preciseNow();
    this.used = true;
    answers.push({ page: this.page.index, sent: this.sent, ms: got - this.sent, status });
    // The version the answer names: `"data":{"version":"…"` near its start.
    const v = /"data":\{"version":(null|"[^"]*")/.exec(body.slice(0, 200))?.[1];
    if (status === 200 && v !== undefined) this.page.seen[v] ??= got;
    this.page.answered();
  }
}

class Page {
  constructor(host, port, address, path) {
    Object.assign(this, { host, port, address });
    this.request = `GET /board/data${path} HTTP/1.1\r\nHost: bench\r\nAccept: application/json\r\n\r\n`;
    this.fetching = false;
    this.again = false;
    this.seen = {};
    this.poller = new Poller(this);
  }

  refresh() {
    if (paused) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    this.fetching = true;
    this.poller.send();
  }

  answered() {
    this.fetching = false;
    if (this.again) {
      this.again = false;
      setTimeout(() => this.refresh(), 250);
    }
  }

  /** The page's EventSource: resolves 'ok' once `ready` arrived, else why not. */
  listen(path) {
    return new Promise((resolve) => {
      const socket = net.connect({ host: this.host, port: this.port, localAddress: this.address });
      this.stream = socket;
      let status = 0;
      let tail = '';
      let settled = false;
      const done = (v) => {
        if (!settled) {
          settled = true;
          resolve(v);
        }
      };
      socket.setEncoding('latin1');
      socket.on('connect', () =>
        socket.write(`GET /events${path} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n`),
      );
      socket.on('data', (chunk) => {
        const text = tail + chunk;
        if (status === 0) {
          status = Number(text.slice(9, 12));
          if (status !== 200) return done('refused');
        }
        if (text.includes('event: ready')) done('ok');
        if (settled && EVENTS.test(text)) this.refresh();
        tail = text.slice(-40);
      });
      socket.on('error', () => done('failed'));
      socket.on('close', () => done('failed'));
    });
  }
}

process.on('message', async (m) => {
  if (m.cmd === 'open') {
    const u = new URL(m.url);
    const path = m.path ?? '';
    let next = 0;
    const counts = { ok: 0, refused: 0, failed: 0 };
    const open = async () => {
      while (next < m.pages.length) {
        const spec = m.pages[next++];
        const page = new Page(u.hostname, Number(u.port), spec.address, path);
        page.index = spec.index;
        pages.push(page);
        counts[await page.listen(path)] += 1;
        // Loaded: the first answer now, then one every poll interval from a moment of its own.
        page.refresh();
        const phase = Math.random() * m.pollMs;
        setTimeout(() => {
          page.refresh();
          setInterval(() => page.refresh(), m.pollMs);
        }, phase);
      }
    };
    await Promise.all(Array.from({ length: m.concurrency }, open));
    process.send({ streams: counts.ok, refusedStreams: counts.refused, failedStreams: counts.failed });
  } else if (m.cmd === 'report') {
    const seen = {};
    for (const p of pages) for (const [v, t] of Object.entries(p.seen)) (seen[v] ??= []).push(t);
    process.send({ answers, seen, reconnects });
  } else if (m.cmd === 'reset') {
    answers = [];
    process.send({ ok: true });
  } else if (m.cmd === 'pause') {
    paused = m.paused;
    process.send({ ok: true });
  } else if (m.cmd === 'exit') {
    for (const p of pages) {
      p.stream?.destroy();
      p.poller.socket?.destroy();
    }
    process.exit(0);
  }
});
