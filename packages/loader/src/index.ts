export * from './errors.js';
export * from './types.js';
export * from './local.js';
export {
  encodeSnapshot,
  loaderDatasetOptions,
  readSnapshot,
  readSnapshotData,
  snapshotPath,
  type SnapshotData,
} from './snapshot.js';
export * from './remote.js';
export * from './source.js';
export { ArchiveCache, defaultCacheDir, ARCHIVE_FILE, META_FILE, type CacheMeta } from './cache.js';
export {
  redactUrl,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_MAX_DOWNLOAD_BYTES,
  type FetchLike,
} from './http.js';
export {
  loadFromBytesOffThread,
  loadFromPathOffThread,
  verifyPathOffThread,
  buildDatasetSliced,
  workerFile,
  DEFAULT_SLICE_MS,
  type OffThreadOptions,
} from './offthread.js';
export { ChangeLog, type ChangeLogOptions } from './change-log.js';
export { ensureDir, fileNameFor, readJsonFile, Serial, writeAtomic, type WarnLogger } from './files.js';
export { DOWNLOAD_PATH, FILES_PREFIX, OVERRIDES_PATH } from './protocol.js';
