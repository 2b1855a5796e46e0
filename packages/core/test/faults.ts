/** The faults of the InvalidArgumentError a call throws, for the tests of what a call refuses. */
import { expect } from 'vitest';
import { InvalidArgumentError } from '../src/index.js';

export function faultsOf(call: () => unknown): { param: string; msg: string; type: string }[] {
  try {
    call();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidArgumentError);
    return (e as InvalidArgumentError).faults;
  }
  throw new Error('expected an InvalidArgumentError');
}
