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

/**
 * Beside the checkpoints: how far the projections' runner has applied the log. A batch writes the
 * checkpoints of the projections whose documents it changed, then this; every other live projection had
 * nothing to do in between, so it stands there too. One write a batch instead of one per projection.
 */
export const PROCESSED_MARKER_ID = '$processed';

export interface ProcessedMarker {
  _id: typeof PROCESSED_MARKER_ID;
  position: number;
  updatedAt: string;
  [key: string]: unknown;
}

export type CheckpointDocument = ProjectionCheckpoint | ProcessedMarker;

export function checkpointsOf(store: ReadStore): Collection<CheckpointDocument> {
  return store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
}

export function processedMarker(position: number): ProcessedMarker {
  return { _id: PROCESSED_MARKER_ID, position, updatedAt: new Date().toISOString() };
}

/**
 * The stored checkpoints by projection, each live one (not being built) raised to the processed marker:
 * a projection's own checkpoint moves only when a batch changed its documents.
 */
export function storedCheckpoints(documents: readonly CheckpointDocument[]): Map<string, ProjectionCheckpoint> {
  const processed = documents.find((doc): doc is ProcessedMarker => doc._id === PROCESSED_MARKER_ID)?.position ?? 0;
  const checkpoints = new Map<string, ProjectionCheckpoint>();
  for (const doc of documents) {
    if (doc._id === PROCESSED_MARKER_ID) continue;
    const checkpoint = doc as ProjectionCheckpoint;
    const live = checkpoint.building !== true && checkpoint.position < processed;
    checkpoints.set(checkpoint._id, live ? { ...checkpoint, position: processed } : checkpoint);
  }
  return checkpoints;
}

/** Where one projection stands, as the runner would read it (raised to the processed marker). */
export async function checkpointOf(store: ReadStore, name: string): Promise<ProjectionCheckpoint | null> {
  return storedCheckpoints(await checkpointsOf(store).find({ _id: { $in: [name, PROCESSED_MARKER_ID] } })).get(name) ?? null;
}
