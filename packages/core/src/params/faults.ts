/** Every fault of a set of parsers at once, as one InvalidArgumentError. */
import { InvalidArgumentError, type ArgumentFault } from '../errors.js';

/**
 * Runs parsers and reports every fault at once: `get` answers a parser's value (undefined when
 * it fails, its faults kept), `done` throws one InvalidArgumentError with every fault kept.
 */
export class Faults {
  // Made on the first fault: most reads have none.
  private faults: ArgumentFault[] | undefined;
  get<T>(parse: () => T): T {
    try {
      return parse();
    } catch (e) {
      this.keep(e);
      return undefined as T;
    }
  }
  /** Keeps the faults of a parser's InvalidArgumentError; anything else is thrown on. */
  keep(e: unknown): void {
    if (!(e instanceof InvalidArgumentError)) throw e;
    (this.faults ??= []).push(...e.faults);
  }
  done(): void {
    if (this.faults) throw new InvalidArgumentError(this.faults);
  }
}
