/**
 * Names the packages that speak to each other share: the hosted endpoint's paths (the loader
 * requests them, the server's publisher mode answers them) and the names of the cache files.
 */

/** The hosted endpoint that answers the current archive (`{baseUrl}/v4/download`). */
export const DOWNLOAD_PATH = '/v4/download';
/** A publisher's override set (docs/overrides.md §4): replicas fetch it with each update check. */
export const OVERRIDES_PATH = '/v4/overrides';
/** Prefix of the presigned archive downloads a publisher hands out (`/v4/files/<version>/bulk.zip?…`). */
export const FILES_PREFIX = '/v4/files/';

/** The cached archive, its metadata and the lock guarding them, inside the cache directory. */
export const ARCHIVE_FILE = 'bulk.zip';
export const META_FILE = 'bulk.json';
export const LOCK_FILE = '.lock';
