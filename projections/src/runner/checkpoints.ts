import type { Collection, ReadStore } from '../ports/read-store';

export const CHECKPOINTS_COLLECTION = 'projection_checkpoints';

/** Where a projection stands: its active (versioned) collection and the last position applied. */
export interface ProjectionCheckpoint {
  _id: string;
  version: number;
  collection: string;
  position: number;
  updatedAt: string;
  /** Set while the read model is first built beside the others: not to be read yet. */
  building?: boolean;
  [key: string]: unknown;
}

export function versionedCollectionName(name: string, version: number, generation = 0): string {
  return generation === 0 ? `${name}_v${version}` : `${name}_v${version}_g${generation}`;
}

export function checkpointsOf(store: ReadStore): Collection<ProjectionCheckpoint> {
  return store.collection<ProjectionCheckpoint>(CHECKPOINTS_COLLECTION);
}
