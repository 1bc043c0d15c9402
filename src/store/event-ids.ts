import { createHash } from 'node:crypto';

/** Namespace of the product's name-based UUIDs (RFC 9562 version 5). */
const NAMESPACE = Buffer.from('6f1c2a4e9b7d4c3a8e5f0a1b2c3d4e5f', 'hex');

/**
 * A UUID that depends only on the name (and index): the same inputs give the same id in every
 * process, so appends made from it (the first admin, a countdown's expiry) are idempotent.
 */
export function nameBasedUuid(name: string, index = 0): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${name}#${index}`).digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6); // version 5
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8); // RFC variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
