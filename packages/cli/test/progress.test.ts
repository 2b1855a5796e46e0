/**
 * The download progress on a terminal: bytes, speed and time left, then a line while the
 * archive is verified (issue 33). A fake terminal stream records what is written.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pace, progressBar, verifyingLine } from '../src/data.js';

/** A terminal of 80 columns that keeps what it is sent. */
function terminal(): NodeJS.WriteStream & { text: () => string } {
  let out = '';
  const w = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  return Object.assign(w, {
    isTTY: true,
    columns: 80,
    cursorTo: () => true,
    clearLine: () => true,
    moveCursor: () => true,
    text: () => out,
  }) as never;
}

describe('pace', () => {
  it('speed so far and the time left at that speed', () => {
    expect(pace(10 * 1048576, 40 * 1048576, 4)).toEqual({ speed: '2.5 MiB/s', left: '0:12 left' });
    expect(pace(1048576, 10_000 * 1048576, 1)).toEqual({ speed: '1.0 MiB/s', left: '2:46:39 left' });
    // Unknown size: the speed alone; too early to say: nothing.
    expect(pace(5 * 1048576, undefined, 2)).toEqual({ speed: '2.5 MiB/s', left: '' });
    expect(pace(1000, 2000, 0.1)).toEqual({ speed: '', left: '' });
  });
});

describe('progressBar', () => {
  it('shows speed and time left while downloading, then a line while it verifies, cleared at the end', async () => {
    const tty = terminal();
    let now = 0;
    const bar = await progressBar(tty, () => now);
    bar.onProgress({ loaded: 0, total: 40 * 1048576 });
    now = 4000;
    bar.onProgress({ loaded: 10 * 1048576, total: 40 * 1048576 });
    // cli-progress redraws on a timer.
    await new Promise((r) => setTimeout(r, 300));
    expect(tty.text()).toMatch(/10\.0\/40\.0 MiB 2\.5 MiB\/s 0:12 left/);
    bar.onProgress({ loaded: 40 * 1048576, total: 40 * 1048576, stage: 'verifying' });
    expect(tty.text()).toContain(verifyingLine(40 * 1048576));
    bar.stop();
    expect(tty.text()).toMatch(/\r\x1b\[K$/);
  });

  it('says nothing off a terminal', async () => {
    const piped = Object.assign(terminal(), { isTTY: false });
    const bar = await progressBar(piped as never);
    bar.onProgress({ loaded: 1, total: 2 });
    bar.onProgress({ loaded: 2, total: 2, stage: 'verifying' });
    bar.stop();
    expect(piped.text()).toBe('');
  });
});
