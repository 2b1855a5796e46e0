/** Entry point of the `openbell` command: runs the program and turns failures into exit codes. */
import { CommanderError } from 'commander';
import { EXIT_INTERNAL, EXIT_USER, isUserFault, oneLine } from './errors.js';
import { buildProgram } from './program.js';

const program = buildProgram();

// A reader that stops early (`openbell --help | head`) is not a failure of ours.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

try {
  // `openbell` alone is a request for help, not a mistake: the help on stdout, exit 0.
  if (process.argv.length <= 2) program.outputHelp();
  else await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // commander has printed its message (or the help / version) already.
    process.exitCode = err.exitCode === 0 ? 0 : EXIT_USER;
  } else if (isUserFault(err)) {
    process.stderr.write(`openbell: ${oneLine(err)}\n`);
    process.exitCode = EXIT_USER;
  } else {
    process.stderr.write(`openbell: internal error: ${oneLine(err)}\n`);
    if (process.env.OPENBELL_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
    process.exitCode = EXIT_INTERNAL;
  }
}
