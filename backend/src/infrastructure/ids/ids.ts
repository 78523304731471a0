import { createHash, randomUUID } from 'node:crypto';
import type { IdPrefix } from './id-prefixes';
import { InvalidIdError } from './invalid-id.error';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PREFIXED_PATTERN = /^([A-Za-z]+_)(.*)$/s;

/** Namespace of the product's name-based identifiers (seeded fixtures, directory entries). */
export const RINGCHECK_ID_NAMESPACE = '3f0c2b4e-5d1a-4c8e-9b7f-2a6d8e1c4b90';

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A fresh identifier, e.g. `call_0b6c9f3e-...` (random UUID v4). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}${randomUUID()}`;
}

/**
 * Accepts a bare UUID or one carrying `expectedPrefix` and returns the canonical form
 * `<prefix><lower-case uuid>`. A present prefix is checked before the UUID itself.
 */
export function parseId(value: unknown, expectedPrefix: IdPrefix): string {
  if (typeof value !== 'string') throw InvalidIdError.invalidUuid();
  const trimmed = value.trim();
  const prefixed = PREFIXED_PATTERN.exec(trimmed);
  let uuid = trimmed;
  if (prefixed) {
    const [, actualPrefix, rest] = prefixed;
    if (actualPrefix !== expectedPrefix) throw InvalidIdError.prefixMismatch(expectedPrefix, actualPrefix);
    uuid = rest;
  }
  if (!isUuid(uuid)) throw InvalidIdError.invalidUuid();
  return `${expectedPrefix}${uuid.toLowerCase()}`;
}

export function isId(value: unknown, expectedPrefix: IdPrefix): boolean {
  try {
    parseId(value, expectedPrefix);
    return true;
  } catch {
    return false;
  }
}

/** The UUID part of a prefixed identifier (or the value itself when it has no prefix). */
export function uuidOf(id: string): string {
  const prefixed = PREFIXED_PATTERN.exec(id);
  return prefixed ? prefixed[2] : id;
}

/** RFC 9562 name-based UUID (version 5, SHA-1). */
export function uuidV5(name: string, namespace: string): string {
  if (!isUuid(namespace)) throw InvalidIdError.invalidUuid();
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(namespaceBytes).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Deterministic identifier for seeded data: the same prefix and name always give the same id.
 * The prefix is part of the hashed name so that different kinds of record never share a UUID.
 */
export function idFromName(prefix: IdPrefix, name: string): string {
  return `${prefix}${uuidV5(`${prefix}${name}`, RINGCHECK_ID_NAMESPACE)}`;
}
