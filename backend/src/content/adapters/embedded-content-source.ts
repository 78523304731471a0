import type { ContentDataset } from '../dataset/content-dataset';
import { readContentDataset } from '../dataset/content-dataset-file';
import type { ContentQueryResult, ContentSource } from '../ports/content-source';
import type { GroqRequest } from '../query/groq-params';
import { type DatasetMeasure, longestArrayIn, longestStringIn } from '../query/query-cost';
import { type QueryableDataset, runContentQuery } from '../query/run-content-query';

/** Answers queries from a dataset loaded once, in memory (the dataset is small and changes only with a release). */
export class EmbeddedContentSource implements ContentSource {
  readonly adapterName = 'embedded';
  readonly dataset: string;
  private readonly queryable: QueryableDataset;

  constructor(
    loaded: ContentDataset,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.dataset = loaded.name;
    this.queryable = { name: loaded.name, documents: loaded.publicDocuments, measure: measureOf(loaded) };
  }

  /** Reads `backend/data/content/<dataset>.ndjson` (or `path`); a broken file throws, naming the line. */
  static fromFile(dataset: string, path?: string): EmbeddedContentSource {
    return new EmbeddedContentSource(readContentDataset(dataset, path));
  }

  async query(request: GroqRequest): Promise<ContentQueryResult> {
    const started = performance.now();
    const result = await runContentQuery(request, this.queryable, this.clock());
    return { result, ms: Math.round((performance.now() - started) * 100) / 100 };
  }
}

function measureOf(dataset: ContentDataset): DatasetMeasure {
  const documents = dataset.publicDocuments;
  return {
    documents: documents.length,
    bytes: documents.reduce((sum, document) => sum + JSON.stringify(document).length, 0),
    longestArray: Math.max(0, ...documents.map(longestArrayIn)),
    longestString: Math.max(0, ...documents.map(longestStringIn)),
  };
}
