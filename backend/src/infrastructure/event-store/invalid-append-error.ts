/** An append request that no store could accept (empty batch, repeated id, malformed value). */
export class InvalidAppendError extends Error {
  constructor(
    readonly streamId: string,
    reason: string,
  ) {
    super(`Invalid append to stream ${streamId}: ${reason}`);
    this.name = 'InvalidAppendError';
  }
}
