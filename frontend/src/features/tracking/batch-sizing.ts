import type { AnalyticsMessage } from '@ringcheck/projections/contract';

const encoder = new TextEncoder();

/** The UTF-8 size of a value's JSON, as it travels. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

export interface SizedMessage {
  message: AnalyticsMessage;
  bytes: number;
}

/** `{"batch":[],"sentAt":"2025-01-01T00:00:00.000Z"}` and a margin for what a later edit adds around it. */
export const BATCH_ENVELOPE_BYTES = 128;

/**
 * Splits messages, in order, into groups of at most `maxCount` whose batch body stays within `maxBytes`
 * (each message's bytes plus its comma, plus the envelope). Every message must itself fit.
 */
export function splitBySize(messages: readonly SizedMessage[], maxCount: number, maxBytes: number): SizedMessage[][] {
  const groups: SizedMessage[][] = [];
  let current: SizedMessage[] = [];
  let bytes = BATCH_ENVELOPE_BYTES;
  for (const sized of messages) {
    const cost = sized.bytes + 1;
    if (current.length > 0 && (current.length >= maxCount || bytes + cost > maxBytes)) {
      groups.push(current);
      current = [];
      bytes = BATCH_ENVELOPE_BYTES;
    }
    current.push(sized);
    bytes += cost;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
