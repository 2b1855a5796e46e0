/**
 * The loader's one error type. `code` tells adapters what went wrong without string matching;
 * `file`, `line` and `column` say where, for data problems. Messages never carry a token.
 */
export type LoaderErrorCode =
  | 'archive_invalid'
  | 'data_invalid'
  | 'too_large'
  | 'unauthorized'
  | 'forbidden'
  | 'http'
  | 'network'
  | 'timeout'
  | 'not_found'
  /** The cache directory could not be created, written or locked. */
  | 'io'
  /** A source option (data URL, base URL) that cannot be used. */
  | 'config_invalid';

export interface LoaderErrorDetails {
  /** File inside the archive (`csv/holidays.csv`) or on disk. */
  file?: string;
  /** 1-based line of the file, counting the header as line 1. */
  line?: number;
  /** The column's header as written in the file. */
  column?: string;
  /** HTTP status, for `http`, `unauthorized`, `forbidden` and `not_found` from a server. */
  status?: number;
  cause?: unknown;
}

export class LoaderError extends Error {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly column: string | undefined;
  readonly status: number | undefined;

  constructor(
    readonly code: LoaderErrorCode,
    message: string,
    details: LoaderErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'LoaderError';
    this.file = details.file;
    this.line = details.line;
    this.column = details.column;
    this.status = details.status;
  }
}
