import type { ContentQueryResult, ContentSource } from '../ports/content-source';
import { ContentQueryError } from '../query/content-query-error';

/** With a Sanity project configured, the content lives there: this server serves no dataset of its own. */
export class SanityHostedContent implements ContentSource {
  readonly adapterName = 'sanity';
  readonly dataset = null;

  constructor(private readonly projectId: string) {}

  async query(): Promise<ContentQueryResult> {
    throw new ContentQueryError(404, 'datasetNotFound', `This server serves no dataset: the content is read from Sanity project ${this.projectId}`);
  }
}
