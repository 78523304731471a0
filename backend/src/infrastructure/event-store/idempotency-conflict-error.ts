/**
 * A batch whose ids are partly stored in the stream already: neither a clean retry of an earlier
 * append (all ids stored) nor a new batch (none stored), so it is refused as a whole.
 */
export class IdempotencyConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly storedIds: readonly string[],
    readonly newIds: readonly string[],
  ) {
    super(
      `Append to stream ${streamId} mixes events already stored (${storedIds.join(', ')}) ` +
        `with new ones (${newIds.join(', ')}); retry the original batch unchanged or use new ids`,
    );
    this.name = 'IdempotencyConflictError';
  }
}
