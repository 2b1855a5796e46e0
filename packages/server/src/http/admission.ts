/**
 * The front door: which connections get a slot when the server is full.
 *
 * Node's own `server.maxConnections` resets whatever arrives over it, so a pool of idle
 * keep-alive connections, or a slow-headers flood, locks every newcomer out for as long as it
 * stays. Admission is decided here instead, on each 'connection':
 * - an address at its cap (`perClient`; a trusted proxy and a Unix socket are exempt) is
 *   refused;
 * - at the limit, the connection idle longest (no request in flight and nothing of an answer
 *   left to send) is closed to make room: a plain FIN for a pooled keep-alive connection, a 503
 *   first for one whose next request is half-way in;
 * - with none idle, the newcomer is refused.
 * A refused socket is kept just long enough to read its request and answer 503 with
 * Retry-After, so its client sees a status rather than a reset; one that sends nothing is
 * closed after a short grace, and while too many refusals are pending further newcomers are
 * closed on arrival, so refusals cannot hold descriptors without bound.
 *
 * An `/events` stream holds its connection for hours with a request in flight, so it would
 * never yield: once it starts it leaves the connection budget for a budget of its own, and a
 * refused newcomer asking for a stream is taken into that budget when it has room. Watchers
 * and requests then never take each other's slots. A stream leaves its address's count too:
 * the per-client cap shares out request slots, which a stream no longer holds, and a desk
 * network behind one address (or one loopback client holding ten thousand streams) must
 * not be capped at a quarter of the request slots; the subscribers' budget bounds streams.
 *
 * Nothing here closes a connection with a request in flight. Evictions and refusals are
 * logged as counts, at most once per `logEveryMs`, and read by /info (`stats`).
 */
import type http from 'node:http';
import net from 'node:net';
import type { ConnectionState } from '@openbell/catalog';
import type { Logger } from 'pino';
import { SERVE_DEFAULTS } from '../defaults.js';

/** Above this share of the limit the header-time bound drops to the pressure bound. */
export const PRESSURE_SHARE = 0.8;
export const DEFAULT_PRESSURE_HEADERS_TIMEOUT_MS = 2000;
/** Slots come free as fast as answers finish: one second is long enough to find one. */
export const RETRY_AFTER_SECONDS = 1;
const DEFAULT_REFUSAL_GRACE_MS = 1000;
const DEFAULT_LOG_EVERY_MS = 10_000;

export interface AdmissionOptions {
  /** 0 = no cap. */
  maxConnections: number;
  /** Default a quarter of maxConnections (at least 1); 0 = no cap. */
  maxConnectionsPerClient?: number | undefined;
  /** Default SERVE_DEFAULTS.maxSubscribers; 0 = no cap. */
  maxSubscribers?: number | undefined;
  /** Addresses or ADDR/PREFIX ranges exempt from the per-client cap. */
  trustProxy?: readonly string[] | undefined;
  /** The configured header-time bound (0 = none). */
  headersTimeoutMs: number;
  pressureHeadersTimeoutMs?: number | undefined;
  refusalGraceMs?: number | undefined;
  /** Default a tenth of maxConnections, at least 16. */
  maxRefusing?: number | undefined;
  logEveryMs?: number | undefined;
  logger: Logger;
  /** Sets the server's header-time bound (it is read at each of Node's connection checks). */
  setHeadersTimeout: (ms: number) => void;
}

type Reason = 'limit' | 'perClient';

const POOL = 0;
const STREAM = 1;
const REFUSED = 2;
const GONE = 3;

interface Conn {
  state: typeof POOL | typeof STREAM | typeof REFUSED | typeof GONE;
  /** The address counted against the per-client cap; undefined when exempt. */
  client: string | undefined;
  /** socket.bytesRead when it last fell idle: more since then means a request is half-way in. */
  mark: number;
  reason?: Reason;
  /** A refused connection whose request was answered (or handed to the stream gate). */
  answered?: boolean;
  timer?: NodeJS.Timeout | undefined;
  /** Its header bound passed while an answer was still going out: it closes once that is sent. */
  closeWhenIdle?: boolean;
}

/** The address a client is counted under: an IPv4 client on a dual-stack listener is still IPv4. */
export function clientAddress(socket: net.Socket): string | undefined {
  const a = socket.remoteAddress;
  return a?.startsWith('::ffff:') && net.isIPv4(a.slice(7)) ? a.slice(7) : a;
}

/** `ADDR` or `ADDR/PREFIX` entries as a BlockList; throws naming the first that is neither. */
export function trustList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const raw of entries) {
    const parts = raw.trim().split('/');
    let addr = parts[0] ?? '';
    if (addr.startsWith('::ffff:') && net.isIPv4(addr.slice(7))) addr = addr.slice(7);
    const family = net.isIP(addr);
    const prefix = parts[1];
    const bits = family === 4 ? 32 : 128;
    if (
      family === 0 ||
      parts.length > 2 ||
      (prefix !== undefined && (!/^\d+$/.test(prefix) || Number(prefix) > bits))
    ) {
      throw new Error(`trustProxy: "${raw}" is not an IP address or ADDR/PREFIX range`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(prefix), type);
  }
  return list;
}

/** `/events` as the refused-socket check reads it: only a stream request can still be taken. */
function asksForStream(req: http.IncomingMessage): boolean {
  const url = req.url ?? '';
  return req.method === 'GET' && (url === '/events' || url.startsWith('/events?'));
}

export class Admission {
  readonly limit: number;
  readonly perClient: number;
  readonly subscribersLimit: number;
  private readonly normalHeadersMs: number;
  private readonly pressureHeadersMs: number;
  private readonly graceMs: number;
  private readonly maxRefusing: number;
  private readonly logEveryMs: number;
  private readonly trusted: net.BlockList | undefined;
  private readonly logger: Logger;
  private readonly setHeadersTimeout: (ms: number) => void;

  private readonly conns = new Map<net.Socket, Conn>();
  /** Pooled connections with no request in flight, idle longest first (a Map keeps insertion order). */
  private readonly idle = new Map<net.Socket, Conn>();
  private readonly perAddress = new Map<string, number>();
  private open = 0;
  private subscribers = 0;
  private refusing = 0;
  private pressure = false;
  private readonly counts = { evicted: 0, limit: 0, perClient: 0, subscribers: 0, dropped: 0, timedOut: 0 };
  private logged = { ...this.counts };
  private loggedAt = performance.now();
  private logTimer: NodeJS.Timeout | undefined;

  constructor(options: AdmissionOptions) {
    this.limit = options.maxConnections;
    this.perClient = options.maxConnectionsPerClient ?? (this.limit > 0 ? Math.max(1, Math.ceil(this.limit / 4)) : 0);
    this.subscribersLimit = options.maxSubscribers ?? SERVE_DEFAULTS.maxSubscribers;
    this.normalHeadersMs = options.headersTimeoutMs;
    // The pressure bound applies even where the normal one is off: it is what keeps slots turning.
    this.pressureHeadersMs = Math.min(
      options.pressureHeadersTimeoutMs ?? DEFAULT_PRESSURE_HEADERS_TIMEOUT_MS,
      options.headersTimeoutMs || Infinity,
    );
    this.graceMs = options.refusalGraceMs ?? DEFAULT_REFUSAL_GRACE_MS;
    this.maxRefusing = options.maxRefusing ?? Math.max(16, Math.ceil(this.limit / 10));
    this.logEveryMs = options.logEveryMs ?? DEFAULT_LOG_EVERY_MS;
    this.trusted = options.trustProxy && options.trustProxy.length > 0 ? trustList(options.trustProxy) : undefined;
    this.logger = options.logger;
    this.setHeadersTimeout = options.setHeadersTimeout;
  }

  /** On the server's 'connection' (after Node set up its parser, so a refused socket can still be read). */
  connection(socket: net.Socket): void {
    const address = clientAddress(socket);
    const exempt = address === undefined || this.trusted?.check(address, net.isIPv4(address) ? 'ipv4' : 'ipv6');
    const conn: Conn = { state: POOL, client: exempt ? undefined : address, mark: 0 };
    this.conns.set(socket, conn);
    socket.on('close', this.onSocketClose);
    if (conn.client !== undefined && this.perClient > 0 && (this.perAddress.get(conn.client) ?? 0) >= this.perClient) {
      this.refuse(socket, conn, 'perClient');
      return;
    }
    if (this.limit > 0 && this.open >= this.limit && !this.evictOne()) {
      this.refuse(socket, conn, 'limit');
      return;
    }
    this.open += 1;
    if (conn.client !== undefined) this.perAddress.set(conn.client, (this.perAddress.get(conn.client) ?? 0) + 1);
    this.idle.set(socket, conn);
    this.checkPressure();
  }

  /**
   * A request arrived. False when it was answered here (a refused newcomer's 503) or cannot be
   * answered at all (its connection was closed to make room a moment ago).
   */
  request(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const socket = req.socket;
    const conn = this.conns.get(socket);
    if (conn === undefined || conn.state === STREAM) return true;
    if (conn.state === POOL) {
      this.idle.delete(socket);
      return true;
    }
    // Closed to make room, or a refused newcomer already answered (a pipelined second request):
    // nothing more is sent on it.
    if (conn.state === GONE || conn.answered) return false;
    clearTimeout(conn.timer);
    conn.timer = undefined;
    if (asksForStream(req)) {
      // The stream gate decides (subscribers have their own budget, which neither the limit nor
      // the address's cap is about); whatever else answers, the connection does not stay.
      conn.answered = true;
      res.shouldKeepAlive = false;
      res.on('close', this.onRefusedStreamClose);
      return true;
    }
    this.answerRefusal(res, conn.reason ?? 'limit', true);
    conn.answered = true;
    return false;
  }

  /** The connection has no request in flight any more. */
  becameIdle(socket: net.Socket): void {
    const conn = this.conns.get(socket);
    if (conn === undefined || conn.state !== POOL) return;
    if (conn.closeWhenIdle) {
      this.leavePool(socket, conn);
      conn.state = GONE;
      socket.destroySoon();
      return;
    }
    conn.mark = socket.bytesRead;
    this.idle.set(socket, conn);
  }

  /**
   * Before an `/events` stream starts: moves its connection (and its address's count) into the
   * subscribers' budget, or answers 503 with Retry-After and returns false when that budget is
   * full.
   */
  admitSubscriber(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const socket = req.socket;
    const conn = this.conns.get(socket);
    if (conn === undefined || conn.state === STREAM) return true;
    if (conn.state === GONE) return false;
    if (this.subscribersLimit > 0 && this.subscribers >= this.subscribersLimit) {
      // A pooled connection stays usable for requests; a refused newcomer does not stay.
      this.answerRefusal(res, 'subscribers', conn.state === REFUSED);
      return false;
    }
    if (conn.state === REFUSED) {
      // Refused at the limit or for its address: a stream takes neither's slot.
      this.refusing -= 1;
    } else {
      this.open -= 1;
      this.idle.delete(socket);
      this.uncount(conn);
      this.checkPressure();
    }
    conn.client = undefined;
    conn.state = STREAM;
    this.subscribers += 1;
    // A stream ends with its connection, or in the drain: either way the connection goes too.
    res.on('close', destroySocketSoon);
    return true;
  }

  /** Node's header (or request) bound passed on this connection. */
  timedOut(): void {
    this.counts.timedOut += 1;
    this.noteEvent();
  }

  /** The bound passed while an earlier answer is still being sent: let that finish, then close. */
  closeWhenIdle(socket: net.Socket): void {
    const conn = this.conns.get(socket);
    if (conn) conn.closeWhenIdle = true;
  }

  stats(): ConnectionState {
    const c = this.counts;
    return {
      limit: this.limit,
      perClient: this.perClient,
      subscribersLimit: this.subscribersLimit,
      open: this.open,
      subscribers: this.subscribers,
      headersTimeoutMs: this.pressure ? this.pressureHeadersMs : this.normalHeadersMs,
      evicted: c.evicted,
      refused: { limit: c.limit, perClient: c.perClient, subscribers: c.subscribers },
      dropped: c.dropped,
      timedOut: c.timedOut,
    };
  }

  /** The server is closing: the counts not yet logged are logged now. */
  close(): void {
    clearTimeout(this.logTimer);
    this.logTimer = undefined;
    this.flushLog();
  }

  private evictOne(): boolean {
    for (const [socket, conn] of this.idle) {
      // Bytes of a finished answer still queued for a slow reader: a download still in flight.
      if (socket.writableLength > 0) continue;
      this.leavePool(socket, conn);
      conn.state = GONE;
      this.counts.evicted += 1;
      this.noteEvent();
      // A request half-way in gets an answer it can act on; an idle keep-alive connection just
      // its FIN, as a pooled client expects of a server closing an idle connection.
      if (socket.bytesRead > conn.mark && socket.writable) socket.write(rawAnswer(EVICTED_TEXT));
      socket.destroySoon();
      return true;
    }
    return false;
  }

  private refuse(socket: net.Socket, conn: Conn, reason: Reason): void {
    if (this.refusing >= this.maxRefusing) {
      conn.state = GONE;
      this.counts.dropped += 1;
      this.noteEvent();
      socket.destroy();
      return;
    }
    conn.state = REFUSED;
    conn.reason = reason;
    this.refusing += 1;
    conn.timer = setTimeout(() => socket.destroy(), this.graceMs);
    conn.timer.unref();
  }

  private answerRefusal(res: http.ServerResponse, why: keyof typeof REFUSAL_TEXT, close: boolean): void {
    this.counts[why] += 1;
    this.noteEvent();
    const body = Buffer.from(JSON.stringify({ detail: REFUSAL_TEXT[why] }));
    if (close) res.shouldKeepAlive = false;
    res.writeHead(503, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': body.length,
      'Retry-After': String(RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
      ...(close ? { Connection: 'close' } : {}),
    });
    res.end(body);
  }

  private leavePool(socket: net.Socket, conn: Conn): void {
    this.open -= 1;
    this.idle.delete(socket);
    this.uncount(conn);
    this.checkPressure();
  }

  private uncount(conn: Conn): void {
    if (conn.client === undefined) return;
    const n = (this.perAddress.get(conn.client) ?? 1) - 1;
    if (n > 0) this.perAddress.set(conn.client, n);
    else this.perAddress.delete(conn.client);
  }

  /**
   * The 'close' listeners, one function each for every connection and response rather than a
   * closure (and `once`'s wrapper) each: ten thousand streams hold them for hours
   * (docs/benchmarks.md, "Watchers"). 'close' comes once.
   */
  private readonly onSocketClose = (() => {
    const admission = this;
    return function (this: net.Socket): void {
      const conn = admission.conns.get(this);
      if (conn !== undefined) admission.closed(this, conn);
    };
  })();
  private readonly onRefusedStreamClose = (() => {
    const admission = this;
    return function (this: http.ServerResponse): void {
      const socket = this.req.socket;
      if (admission.conns.get(socket)?.state === REFUSED) socket.destroySoon();
    };
  })();

  private closed(socket: net.Socket, conn: Conn): void {
    this.conns.delete(socket);
    if (conn.state === POOL) this.leavePool(socket, conn);
    else if (conn.state === STREAM) this.subscribers -= 1;
    else if (conn.state === REFUSED) {
      this.refusing -= 1;
      clearTimeout(conn.timer);
      // Gone before its request could be read (or it sent none within the grace): still refused.
      if (!conn.answered) {
        this.counts[conn.reason ?? 'limit'] += 1;
        this.noteEvent();
      }
    }
    conn.state = GONE;
  }

  private checkPressure(): void {
    const pressure = this.limit > 0 && this.open > this.limit * PRESSURE_SHARE;
    if (pressure === this.pressure) return;
    this.pressure = pressure;
    this.setHeadersTimeout(pressure ? this.pressureHeadersMs : this.normalHeadersMs);
  }

  private noteEvent(): void {
    if (this.logTimer !== undefined) return;
    this.logTimer = setTimeout(() => {
      this.logTimer = undefined;
      this.flushLog();
    }, this.logEveryMs);
    this.logTimer.unref();
  }

  private flushLog(): void {
    const c = this.counts;
    const d = Object.fromEntries(
      Object.entries(c).map(([k, v]) => [k, v - this.logged[k as keyof typeof c]]),
    ) as typeof c;
    const now = performance.now();
    const periodMs = Math.round(now - this.loggedAt);
    this.logged = { ...c };
    this.loggedAt = now;
    const refused = d.limit + d.perClient + d.subscribers;
    if (d.evicted + refused + d.dropped + d.timedOut === 0) return;
    const entry = {
      evicted: d.evicted,
      refused: { limit: d.limit, perClient: d.perClient, subscribers: d.subscribers },
      dropped: d.dropped,
      timedOut: d.timedOut,
      open: this.open,
      subscribers: this.subscribers,
      headersTimeoutMs: this.pressure ? this.pressureHeadersMs : this.normalHeadersMs,
      periodMs,
    };
    const msg =
      `connections: ${d.evicted} idle closed for newcomers, ${refused} refused with 503, ${d.dropped} ` +
      `dropped on arrival, ${d.timedOut} past the header bound`;
    if (refused + d.dropped > 0) this.logger.warn(entry, msg);
    else this.logger.info(entry, msg);
  }
}

const REFUSAL_TEXT = {
  limit: `The server is at its connection limit with every connection busy: retry after ${RETRY_AFTER_SECONDS} s`,
  perClient: `Too many connections from your address: retry after ${RETRY_AFTER_SECONDS} s`,
  subscribers: `Too many /events streams are open: retry after ${RETRY_AFTER_SECONDS} s`,
};

const EVICTED_TEXT =
  `The server needed this connection for a newcomer before its request arrived whole: retry after ` +
  `${RETRY_AFTER_SECONDS} s`;

/** The 503 written straight to a socket whose request never came whole. */
function rawAnswer(detail: string): string {
  const body = JSON.stringify({ detail });
  return (
    'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Retry-After: ${RETRY_AFTER_SECONDS}\r\nConnection: close\r\nContent-Length: ` +
    `${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/** A response's 'close': its connection goes too, once what it buffers is sent. */
function destroySocketSoon(this: http.ServerResponse): void {
  this.req.socket.destroySoon();
}
