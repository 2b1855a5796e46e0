// What both deployment tests (run.mjs, cache.mjs) need: free ports, waiting for a condition, and
// nginx started on the deploy's own configuration (deploy/nginx/openbell.conf) below a work folder.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

export async function until(what, check, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * nginx on a free port with the deploy's configuration, its upstream servers rewritten by
 * `upstreams(conf)` and its cache below `work`; added to `children`, answered once /health is.
 * Returns its port and the configuration as served (for checks on it).
 */
export async function startNginx({ root, work, children, upstreams }) {
  const port = await freePort();
  const ngx = join(work, 'nginx');
  for (const d of ['', 'tmp', 'logs', 'cache']) mkdirSync(join(ngx, d), { recursive: true, mode: 0o777 });
  // nginx's workers (another user when run as root) keep the cache below the work folder.
  chmodSync(work, 0o755);
  const conf = upstreams(readFileSync(join(root, 'deploy/nginx/openbell.conf'), 'utf8'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('/var/cache/nginx/openbell', join(ngx, 'cache'));
  writeFileSync(
    join(ngx, 'nginx.conf'),
    `worker_processes 1;
pid ${ngx}/nginx.pid;
error_log ${ngx}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${ngx}/tmp/body; proxy_temp_path ${ngx}/tmp/proxy;
  fastcgi_temp_path ${ngx}/tmp/fcgi; uwsgi_temp_path ${ngx}/tmp/uwsgi; scgi_temp_path ${ngx}/tmp/scgi;
  ${conf}
}
`,
  );
  const check = spawnSync(nginxBin, ['-t', '-p', ngx, '-c', join(ngx, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  const nginx = spawn(nginxBin, ['-p', ngx, '-c', join(ngx, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  children.add(nginx);
  await until('nginx', async () => (await fetch(`http://127.0.0.1:${port}/health`)).status === 200);
  return { port, conf };
}
