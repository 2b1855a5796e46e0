#!/usr/bin/env node
// Interim entry point for `pnpm start` until the openbell CLI lands: serves the bundled sample
// dataset (or the ZIP/directory given as the first argument) on 127.0.0.1:8000.
import { loadFromPath, loadSample } from '@openbell/loader';
import { createServer, installShutdownHandlers } from '../dist/index.js';

const path = process.argv[2];
const data = path ? await loadFromPath(path) : await loadSample();
if (data.meta.isSample) console.error('Serving the bundled sample dataset (not vendor data).');
const running = await createServer({
  data,
  host: process.env.OPENBELL_HOST ?? '127.0.0.1',
  port: Number(process.env.OPENBELL_PORT ?? 8000),
});
installShutdownHandlers(running);
await running.ready;
console.error(`openbell listening on ${running.url} (docs at ${running.url}/docs)`);
