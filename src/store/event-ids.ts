import { createHash } from 'node:crypto';

/** Namespace of the product's name-based UUIDs (RFC 9562 version 5). */
const NAMESPACE = Buffer.from('6f1c2a4e9b7d4c3a8e5f0a1b2c3d4e5f', 'hex');

/**
 * The id of the `index`-th event a command produced. Derived from the command id, so a retried
 * command produces the same ids and the store's idempotency makes the retry append nothing.
 */
export function eventIdFor(commandId: string, index: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${commandId}#${index}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
