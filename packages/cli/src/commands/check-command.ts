/**
 * The declaration of `openbell check` (docs/calendar-arithmetic.md §15), apart from check.ts so
 * that --help loads no engine: the command's module is imported when it runs.
 */
import type { Command } from 'commander';
import type { CheckOptions } from './check.js';
import { addExamples } from '../help.js';

export function addCheckCommand(program: Command, settingsOf: (cmd: Command) => unknown): void {
  const cmd = program
    .command('check')
    .argument('<file>', 'timestamps: a JSON array, CSV (first column) or one per line; - for standard input')
    .description('which bars a price series lacks, and which of its timestamps the calendar does not expect')
    .requiredOption('--market <id>', 'FinID or MIC')
    .requiredOption('--period <p>', 'bar length, 1m to 1440m or 1h to 24h')
    .option('--start <date>', "first local date (default: the first timestamp's)")
    .option('--end <date>', "last local date (default: the last timestamp's)")
    .option('--breaks <mode>', 'split (default) or ignore')
    .action(async (file: string, opts: CheckOptions, cmd: Command) => {
      const [{ loadForQuery }, { checkFile, checkText }] = await Promise.all([
        import('../data.js'),
        import('./check.js'),
      ]);
      const json = Boolean(cmd.optsWithGlobals().json);
      const data = await loadForQuery(settingsOf(cmd) as Parameters<typeof loadForQuery>[0], json);
      const r = await checkFile(data.dataset, file, opts);
      process.stdout.write(json ? `${JSON.stringify(r, null, 2)}\n` : `${checkText(r)}\n`);
      if (r.missing.length > 0 || r.extra.length > 0) process.exitCode = 1;
    });
  addExamples(cmd, [
    'openbell check prices.csv --market XNYS --period 1m',
    'openbell check bars.json --market XLON --period 5m --start 2024-01-02',
    'cat stamps.txt | openbell check - --market XNYS --period 1h --json',
  ]);
}
