import type { ReadStore } from '@ringcheck/projections';

/** Where each forwarder of the event log stands, beside the projections' checkpoints in the read store. */
export const FORWARDER_CHECKPOINTS_COLLECTION = 'forwarder_checkpoints';

export interface ForwarderCheckpoint {
  _id: string;
  /** Every event up to this position has been delivered (or had nothing to deliver). */
  position: number;
  updatedAt: string;
  [key: string]: unknown;
}

export class ForwarderCheckpoints {
  constructor(
    private readonly store: ReadStore,
    private readonly name: string,
  ) {}

  private get collection() {
    return this.store.collection<ForwarderCheckpoint>(FORWARDER_CHECKPOINTS_COLLECTION);
  }

  async load(): Promise<number> {
    return (await this.collection.findOne({ _id: this.name }))?.position ?? 0;
  }

  async save(position: number): Promise<void> {
    const checkpoint: ForwarderCheckpoint = { _id: this.name, position, updatedAt: new Date().toISOString() };
    await this.collection.replaceOne({ _id: this.name }, checkpoint, { upsert: true });
  }
}
