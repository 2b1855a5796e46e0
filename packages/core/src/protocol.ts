/**
 * Constants shared by the packages that speak to each other: the hosted endpoint's paths
 * (the loader requests them, the server's publisher mode answers them), the names of the
 * loader's cache files, and the service defaults the server and the CLI both apply.
 * Values only: no I/O.
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

/** Address, port and minutes between update checks when none are configured. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8000;
export const DEFAULT_UPDATE_EVERY_MINUTES = 360;
