// Where the token comes from: --token, OPENBELL_TOKEN, TRADINGHOURS_TOKEN (the variable the
// vendor's Python client reads, so its users' environments work unchanged), the config file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../src/config.js';

const dir = mkdtempSync(join(tmpdir(), 'openbell-config-'));
const noFile = { XDG_CONFIG_HOME: join(dir, 'none') };
const withFile = (() => {
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ token: 'from-file' }));
  return { OPENBELL_CONFIG: file };
})();

describe('token sources', () => {
  it('reads TRADINGHOURS_TOKEN when OPENBELL_TOKEN is not set', () => {
    expect(resolveSettings({}, { ...noFile, TRADINGHOURS_TOKEN: 'th-token' }).token).toBe('th-token');
    expect(resolveSettings({}, { ...noFile, OPENBELL_TOKEN: '', TRADINGHOURS_TOKEN: 'th-token' }).token).toBe(
      'th-token',
    );
  });

  it('OPENBELL_TOKEN wins over TRADINGHOURS_TOKEN, and --token over both', () => {
    const env = { ...noFile, OPENBELL_TOKEN: 'ob-token', TRADINGHOURS_TOKEN: 'th-token' };
    expect(resolveSettings({}, env).token).toBe('ob-token');
    expect(resolveSettings({ token: 'flag-token' }, env).token).toBe('flag-token');
  });

  it('TRADINGHOURS_TOKEN wins over the config file, which applies when neither variable is set', () => {
    expect(resolveSettings({}, { ...withFile, TRADINGHOURS_TOKEN: 'th-token' }).token).toBe('th-token');
    expect(resolveSettings({}, withFile).token).toBe('from-file');
    expect(resolveSettings({}, noFile).token).toBeUndefined();
  });

  it('a blank TRADINGHOURS_TOKEN is ignored like a blank OPENBELL_TOKEN', () => {
    expect(resolveSettings({}, { ...noFile, TRADINGHOURS_TOKEN: '' }).token).toBeUndefined();
  });

  it('names the variable it read when its value is unusable', () => {
    expect(() => resolveSettings({}, { ...noFile, TRADINGHOURS_TOKEN: '   ' })).toThrow(/TRADINGHOURS_TOKEN/);
  });
});
