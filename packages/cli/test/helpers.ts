// Runs the built binary (dist/bin.js) as a user would, in an environment that holds no
// OPENBELL_* settings and points the config and cache directories at a scratch folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
export const SAMPLE_ZIP = fileURLToPath(new URL('../../opendata/data/sample.zip', import.meta.url));
export const SAMPLE_DIR = fileURLToPath(new URL('../../opendata/data/sample', import.meta.url));

export const scratch = mkdtempSync(join(tmpdir(), 'openbell-cli-'));

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('OPENBELL_') && k !== 'TRADINGHOURS_TOKEN') env[k] = v;
  return {
    ...env,
    XDG_CONFIG_HOME: join(scratch, 'config'),
    XDG_CACHE_HOME: join(scratch, 'cache'),
    NO_COLOR: '1',
    ...extra,
  };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the binary with `args`; `input`, when given, is its standard input (then closed). */
export function run(args: string[], env: Record<string, string> = {}, input?: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: cleanEnv(env) });
    if (input !== undefined) child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface Served {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  /** The JSON log lines written so far. */
  stdout: () => string;
  stop: () => Promise<number | null>;
}

/** Starts `openbell serve …` and resolves with its URL once it says it is listening. */
export function serve(args: string[], env: Record<string, string> = {}, timeoutMs = 20_000): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--log-level', 'warn', ...args], {
      env: cleanEnv(env),
    });
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start: ${err}`));
    }, timeoutMs);
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[^\s]+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({
          child,
          url: m[1]!,
          stderr: () => err,
          stdout: () => out,
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}: ${err}`));
    });
  });
}

/** The sample archive with one more market row (a new data version to publish or swap to). */
export function sampleWithMarket(row: string): Uint8Array {
  const files = unzipSync(readFileSync(SAMPLE_ZIP));
  const key = Object.keys(files).find((k) => k.endsWith('csv/markets.csv'))!;
  const text = strFromU8(files[key]!).replace(/\r?\n$/, '');
  files[key] = strToU8(`${text}\r\n${row}\r\n`);
  return zipSync(files);
}
