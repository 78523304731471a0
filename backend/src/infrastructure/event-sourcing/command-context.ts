import { randomUUID } from 'node:crypto';
import type { WriterMetadata } from '@ringcheck/projections';

/** Who asked for a command and under which request: becomes the metadata of every event it causes. */
export interface CommandContext {
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

export function systemContext(correlationId: string = randomUUID()): CommandContext {
  return { actor: 'system', correlationId };
}

export function metadataFor(context: CommandContext, now: Date = new Date()): WriterMetadata {
  return {
    correlationId: context.correlationId,
    causationId: context.causationId ?? null,
    actor: context.actor,
    occurredAt: now.toISOString(),
  };
}
