/**
 * `client.events()`: the `/events` stream as an async iterator, reconnecting with
 * `Last-Event-ID` (a stub that drops the first connection), and against the real server (its
 * `ready` frame, and the events missed before a given id sent first).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type BellEventFrame } from '../src/index.js';
import { listen, serveSample, type Served } from './serve.js';

const servers: Served[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function take(it: AsyncIterableIterator<BellEventFrame>, n: number, pred = (_f: BellEventFrame) => true) {
  const out: BellEventFrame[] = [];
  for await (const f of it) {
    if (pred(f)) out.push(f);
    if (out.length === n) break;
  }
  return out;
}

describe('events', () => {
  it('reconnects after a dropped stream with Last-Event-ID, and stops when the caller does', async () => {
    const seen: { lastEventId: string | undefined; url: string }[] = [];
    let closed = 0;
    const stub = await listen((req, res) => {
      seen.push({ lastEventId: req.headers['last-event-id'] as string | undefined, url: req.url! });
      req.on('close', () => closed++);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (seen.length === 1) {
        res.end(
          'retry: 50\n\nevent: ready\ndata: {"markets":["US.NYSE"]}\n\nid: 1:US.NYSE\nevent: open\ndata: {"n":1}\n\n',
        );
      } else {
        res.write(': hello\n\nid: 2:US.NYSE\nevent: close\ndata: {"n":2}\n\n');
      }
    });
    servers.push(stub);
    const frames = await take(createClient(stub.base).events({ markets: ['XNYS', 'XLON'] }), 3);
    expect(frames).toEqual([
      { event: 'ready', id: undefined, data: { markets: ['US.NYSE'] } },
      { event: 'open', id: '1:US.NYSE', data: { n: 1 } },
      { event: 'close', id: '2:US.NYSE', data: { n: 2 } },
    ]);
    expect(seen.map((s) => s.lastEventId)).toEqual([undefined, '1:US.NYSE']);
    expect(new URL(seen[0]!.url, stub.base).searchParams.get('markets')).toBe('XNYS,XLON');
    await expect.poll(() => closed).toBe(2);
  });

  it('a connection silent for longer than idleMs is taken as lost and made again', async () => {
    const seen: (string | undefined)[] = [];
    const stub = await listen((req, res) => {
      seen.push(req.headers['last-event-id'] as string | undefined);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      // One event each time, then nothing: no heartbeat, no end.
      res.write(`retry: 10\n\nid: ${seen.length}:US.NYSE\nevent: open\ndata: {}\n\n`);
    });
    servers.push(stub);
    const frames = await take(createClient(stub.base).events({ idleMs: 200 }), 3);
    expect(frames.map((f) => f.id)).toEqual(['1:US.NYSE', '2:US.NYSE', '3:US.NYSE']);
    expect(seen).toEqual([undefined, '1:US.NYSE', '2:US.NYSE']);
  });

  it('a refused stream is the error, as a query is', async () => {
    const stub = await listen((_req, res) => {
      res.writeHead(422, { 'Content-Type': 'application/json' });
      res.end('{"detail":[{"loc":["query","subset"],"msg":"bad","type":"value_error"}]}');
    });
    servers.push(stub);
    await expect(take(createClient(stub.base).events({ subset: '(' }), 1)).rejects.toMatchObject({
      name: 'InvalidArgumentError',
      status: 422,
    });
  });

  it("the real server's stream: ready, then what was missed after Last-Event-ID", async () => {
    const now = Date.parse('2023-11-15T14:31:00Z');
    const served = await serveSample({ now: () => now });
    servers.push(served);
    const client = createClient(served.base);
    const [ready] = await take(client.events({ markets: 'XNYS' }), 1);
    expect(ready).toMatchObject({ event: 'ready', data: { markets: ['US.NYSE'] } });
    const after = `${Date.parse('2023-11-15T13:00:00Z')}:US.NYSE`;
    const [open] = await take(client.events({ markets: ['XNYS'], lastEventId: after }), 1, (f) => f.event === 'open');
    expect(open).toMatchObject({ event: 'open', data: { market: 'US.NYSE' } });
    expect(open!.id).toBe(`${Date.parse('2023-11-15T14:30:00Z')}:US.NYSE`);
  });
});
