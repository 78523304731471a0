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
 * Beside the checkpoints: how far the projections' runner has applied the log, and to which read models
 * (by the collection each was in). A batch writes the checkpoints of the read models whose documents it
 * changed, then this; every other read model it names had nothing to do in between, so it stands there
 * too. One write a batch instead of one per projection. A read model the marker does not name (one a node
 * of another release runs, or one switched to another collection since) keeps its own checkpoint.
 */
export const PROCESSED_MARKER_ID = '$processed';

export interface ProcessedMarker {
  _id: typeof PROCESSED_MARKER_ID;
  position: number;
  /** The read models applied up to `position`: projection name to its collection. */
  collections: Record<string, string>;
  updatedAt: string;
  [key: string]: unknown;
}

export type CheckpointDocument = ProjectionCheckpoint | ProcessedMarker;

export function checkpointsOf(store: ReadStore): Collection<CheckpointDocument> {
  return store.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
}

export function processedMarker(position: number, applied: readonly ProjectionCheckpoint[]): ProcessedMarker {
  const collections = Object.fromEntries(applied.map((checkpoint) => [checkpoint._id, checkpoint.collection]));
  return { _id: PROCESSED_MARKER_ID, position, collections, updatedAt: new Date().toISOString() };
}

/**
 * The stored checkpoints by projection, each the marker names raised to its position: a read model's own
 * checkpoint moves only when a batch changed its documents.
 */
export function storedCheckpoints(documents: readonly CheckpointDocument[]): Map<string, ProjectionCheckpoint> {
  const marker = documents.find((doc): doc is ProcessedMarker => doc._id === PROCESSED_MARKER_ID);
  const checkpoints = new Map<string, ProjectionCheckpoint>();
  for (const doc of documents) {
    if (doc._id === PROCESSED_MARKER_ID) continue;
    const checkpoint = doc as ProjectionCheckpoint;
    const raised =
      marker !== undefined &&
      checkpoint.building !== true &&
      checkpoint.position < marker.position &&
      marker.collections?.[checkpoint._id] === checkpoint.collection;
    checkpoints.set(checkpoint._id, raised ? { ...checkpoint, position: marker.position } : checkpoint);
  }
  return checkpoints;
}

/** Where one projection stands, as the runner would read it (raised to the processed marker). */
export async function checkpointOf(store: ReadStore, name: string): Promise<ProjectionCheckpoint | null> {
  return storedCheckpoints(await checkpointsOf(store).find({ _id: { $in: [name, PROCESSED_MARKER_ID] } })).get(name) ?? null;
}
