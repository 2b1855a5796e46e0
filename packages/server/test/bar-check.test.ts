/**
 * `POST /markets/{id}/bars/check` (docs/calendar-arithmetic.md §15): the three body forms give
 * the library's answer; the refusals (404, 422 naming the range, the period or the body's item
 * or line, 413 past the limit: before a byte is read when the declared length says so, and with no
 * answer made when the stamps pass the count, the rest of the body then read and dropped for a while).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { operations } from '@openbell/catalog';
import { BarCheck, MAX_CHECK_STAMPS } from '@openbell/core';
import { createApp } from '../src/index.js';
import { fixtureData, fixtureDataset } from './fixture.js';

const app = createApp({ data: fixtureData(), logLevel: 'silent', now: () => Date.parse('2023-11-15T17:00:00Z') });
const ds = fixtureDataset();
const Q = 'start=2023-11-20&end=2023-11-24&period=1h';
const starts = ds
  .bars('US.NYSE', '2023-11-20', '2023-11-24', { period: '1h' })
  .toArray()
  .map((b) => b.start);
const series = [...starts.slice(1), starts[3]!, '2023-11-20T10:07:00-05:00', '2023-11-23T10:00:00-05:00'];
const post = (path: string, body: string, type: string) => request(app).post(path).set('Content-Type', type).send(body);

describe('POST /markets/{id}/bars/check', () => {
  it('answers the library check for a JSON array, CSV with a header, and plain lines', async () => {
    const want = ds.checkBars('US.NYSE', '2023-11-20', '2023-11-24', '1h', series);
    expect(want.missing).toHaveLength(1);
    expect(want.extra.map((e) => e.reason)).toEqual(['duplicate', 'off_grid', 'closed']);
    const json = await post(`/markets/XNYS/bars/check?${Q}`, JSON.stringify(series), 'application/json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual(want);
    const csv = await post(
      `/markets/XNYS/bars/check?${Q}`,
      `timestamp,close\r\n${series.map((s) => `${s},1.5`).join('\r\n')}\r\n`,
      'text/csv',
    );
    expect(csv.body).toEqual(want);
    const plain = await post(`/markets/US.NYSE/bars/check?${Q}`, series.join('\n'), 'text/plain');
    expect(plain.body).toEqual(want);
  });

  it('answers CSV rows of both lists with a kind column when asked', async () => {
    const res = await post(`/markets/XNYS/bars/check?${Q}&format=csv`, JSON.stringify(series), 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('Kind,Date,Start,At,Reason,Holiday Name');
    expect(lines).toHaveLength(1 + 1 + 3);
    expect(lines[1]).toMatch(/^missing,2023-11-20,2023-11-20T09:30:00-05:00,,,$/);
    expect(lines[4]).toBe('extra,,,2023-11-23T10:00:00-05:00,closed,Thanksgiving Day');
    const none = await post(`/markets/XNYS/bars/check?${Q}`, JSON.stringify(starts), 'application/json');
    expect(none.body).toMatchObject({ missing: [], extra: [], matched: starts.length });
  });

  it('refuses: unknown market 404, bad period and range 422, an unreadable line 422 naming it', async () => {
    expect((await post(`/markets/ZZZZ/bars/check?${Q}`, '[]', 'application/json')).status).toBe(404);
    const period = await post(
      '/markets/XNYS/bars/check?start=2023-11-20&end=2023-11-24&period=1d',
      '[]',
      'application/json',
    );
    expect(period.status).toBe(422);
    expect(period.body.detail[0].loc).toEqual(['query', 'period']);
    const order = await post(
      '/markets/XNYS/bars/check?start=2023-11-24&end=2023-11-20&period=1h',
      '[]',
      'application/json',
    );
    expect(order.status).toBe(422);
    const line = await post(`/markets/XNYS/bars/check?${Q}`, `${starts[0]}\nyesterday\n`, 'text/plain');
    expect(line.status).toBe(422);
    expect(line.body.detail[0].loc).toEqual(['body']);
    expect(line.body.detail[0].msg).toContain("Line 2: 'yesterday'");
    const item = await post(`/markets/XNYS/bars/check?${Q}`, `["${starts[0]}", 5]`, 'application/json');
    expect(item.status).toBe(422);
    expect(item.body.detail[0].msg).toContain('Item 1');
  });
});

describe('a body over its limit: 413, and nothing half-processed', () => {
  const listen = () =>
    new Promise<{ server: Server; url: string }>((resolve) => {
      const server = createServer(app);
      server.listen(0, '127.0.0.1', () =>
        resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
      );
    });
  const answerOf = (res: IncomingMessage) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; text: string }>((resolve) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(parts).toString() }),
      );
    });

  it('a declared length over the limit is refused before a byte of the body is read', async () => {
    const { server, url } = await listen();
    const add = vi.spyOn(BarCheck.prototype, 'add');
    const result = vi.spyOn(BarCheck.prototype, 'result');
    try {
      const limit = operations.checkBars.body!.maxBytes;
      // Only the headers are sent: the answer comes without the body.
      const req = httpRequest(`${url}/markets/XNYS/bars/check?${Q}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(limit + 1) },
      });
      req.on('error', () => {});
      req.flushHeaders();
      const res = await answerOf(await new Promise<IncomingMessage>((resolve) => req.once('response', resolve)));
      req.destroy();
      expect(res.status).toBe(413);
      expect(res.headers.connection).toBe('close');
      expect(JSON.parse(res.text)).toEqual({
        detail: `The body is longer than the limit of ${limit.toLocaleString('en-US')} bytes`,
      });
      expect(add).not.toHaveBeenCalled();
      expect(result).not.toHaveBeenCalled();
      // The server answers the next check as the library does.
      const next = await request(server).post(`/markets/XNYS/bars/check?${Q}`).send(series);
      expect(next.body).toEqual(ds.checkBars('US.NYSE', '2023-11-20', '2023-11-24', '1h', series));
    } finally {
      add.mockRestore();
      result.mockRestore();
      server.close();
    }
  });

  it('more timestamps than a check reads: 413 as the one over the limit is read, no answer made, the sender told before it is done', async () => {
    const { server, url } = await listen();
    const result = vi.spyOn(BarCheck.prototype, 'result');
    try {
      const stamp = `${starts[0]}\n`;
      const total = MAX_CHECK_STAMPS + 200_000;
      const req = httpRequest(`${url}/markets/XNYS/bars/check?${Q}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
      });
      req.on('error', () => {});
      const answered = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
      let sent = 0;
      let done = false;
      void answered.then(() => (done = true));
      // Written as the socket takes it (a chunked body), until the server answers or all is sent.
      const piece = stamp.repeat(10_000);
      while (!done && sent < total) {
        sent += 10_000;
        if (!req.write(piece)) await Promise.race([new Promise((r) => req.once('drain', r)), answered]);
      }
      if (!done) req.end();
      const res = await answerOf(await answered);
      req.destroy();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text)).toEqual({
        detail: `More than ${MAX_CHECK_STAMPS} timestamps: check a shorter series`,
      });
      expect(result).not.toHaveBeenCalled();
      expect(sent).toBeLessThan(total);
    } finally {
      result.mockRestore();
      server.close();
    }
  }, 60_000);
});

describe('a refusal while the body arrives', () => {
  it('is answered, and the rest of the body is read and dropped (a lingering close), so the client reads the refusal', async () => {
    const server = createServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const req = httpRequest(`${url}/markets/XNYS/bars/check?${Q}`, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
      });
      const errors: unknown[] = [];
      req.on('error', (e) => errors.push(e));
      const answered = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
      // An unreadable second line: refused as soon as it is read, with most of the body still to come.
      req.write(`${starts[0]}\nyesterday\n`);
      const res = await answered;
      const text = await new Promise<string>((resolve) => {
        const parts: Buffer[] = [];
        res.on('data', (p: Buffer) => parts.push(p));
        res.on('end', () => resolve(Buffer.concat(parts).toString()));
      });
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(text).detail[0].msg).toContain("Line 2: 'yesterday'");
      // The client, which had not seen the answer yet, sends the rest: the server takes it (a
      // socket closed on unread bytes would reset the connection and fail these writes).
      const rest = `${starts[0]}\n`.repeat(20_000);
      await new Promise<void>((resolve) => req.end(rest, () => resolve()));
      await new Promise((r) => setTimeout(r, 200));
      expect(errors).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 15_000);
});

describe('as_of on the bar check', () => {
  it("the version served, named by its id, answers; another is 410 (the GET routes' rule)", async () => {
    const version = fixtureData().meta.version!;
    const body = JSON.stringify(series);
    const same = await post(
      `/markets/XNYS/bars/check?${Q}&as_of=${encodeURIComponent(version)}`,
      body,
      'application/json',
    );
    expect(same.status).toBe(200);
    expect(same.body).toEqual(ds.checkBars('US.NYSE', '2023-11-20', '2023-11-24', '1h', series));
    const gone = await post(`/markets/XNYS/bars/check?${Q}&as_of=sha256:0000`, body, 'application/json');
    expect(gone.status).toBe(410);
  });
});
