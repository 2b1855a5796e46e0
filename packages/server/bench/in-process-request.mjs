// A request answered in process, without a socket of the kernel's: the handler's own cost, for
// the benches that measure it (in-process.mjs, metrics-cost.mjs).
import http from 'node:http';
import { Duplex } from 'node:stream';

/** A socket that takes whatever is written and drops it. */
export class DiscardingSocket extends Duplex {
  _read() {}
  _write(_chunk, _encoding, done) {
    done();
  }
  _writev(_chunks, done) {
    done();
  }
  setTimeout() {}
  setNoDelay() {}
  setKeepAlive() {}
}

/** One keep-alive GET of `url` answered by `fn(req, res)` on `socket`. */
export function answerInProcess(fn, url, socket) {
  const req = new http.IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  req.headers = { host: '127.0.0.1', connection: 'keep-alive' };
  req.rawHeaders = ['Host', '127.0.0.1', 'Connection', 'keep-alive'];
  req.complete = true;
  req.push(null);
  const res = new http.ServerResponse(req);
  res.shouldKeepAlive = true;
  res.assignSocket(socket);
  fn(req, res);
  res.detachSocket(socket);
}
