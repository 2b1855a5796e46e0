/**
 * Webhook signatures: `X-Openbell-Signature: sha256=<hex>`, the HMAC-SHA256 of
 * `<timestamp>.<body>` with the shared secret. The timestamp is inside the signed bytes so a
 * captured delivery cannot be replayed later under a fresh timestamp.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const EVENT_HEADER = 'X-Openbell-Event';
export const DELIVERY_HEADER = 'X-Openbell-Delivery';
export const TIMESTAMP_HEADER = 'X-Openbell-Timestamp';
export const SIGNATURE_HEADER = 'X-Openbell-Signature';
export const DATA_CHANGED_EVENT = 'data.changed';

/** `sha256=<hex>` for a body sent at `timestamp` (unix seconds). */
export function signPayload(secret: string, timestamp: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface VerifyOptions {
  /** Unix seconds now (a receiver's clock). */
  nowSeconds: number;
  /** How far the timestamp may be from now, seconds. Default 300. */
  toleranceSeconds?: number;
}

/**
 * What a receiver checks: the signature matches (compared in constant time) and the timestamp
 * is recent. Exposed so tests and JavaScript receivers share one implementation.
 */
export function verifySignature(
  secret: string,
  timestamp: string | undefined,
  body: string,
  signature: string | undefined,
  options: VerifyOptions,
): boolean {
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(options.nowSeconds - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
