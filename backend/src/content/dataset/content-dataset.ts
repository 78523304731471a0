import type { z } from 'zod';
import { isPublicContentType, isPublishedId } from '../domain/public-content-types';
import { baseDocumentSchema, publicDocumentSchemas } from './content-document.schema';
import { ContentDatasetError } from './content-dataset-error';

/** A document as Sanity stores it: the system fields and whatever its type holds. */
export type SanityDocument = z.infer<typeof baseDocumentSchema>;

/** One dataset, loaded once: every document of the export, and the ones anyone may read. */
export interface ContentDataset {
  readonly name: string;
  readonly documents: readonly SanityDocument[];
  /** Published documents of the public types, in file order: the only ones a query sees. */
  readonly publicDocuments: readonly SanityDocument[];
}

/**
 * Reads a dataset in Sanity's export format (NDJSON: one document per line). Every line is checked, so
 * a broken export stops start-up with a message naming `source` and the line rather than serving half a dataset.
 * Drafts and documents of other types are kept (an export holds them) but never made public.
 */
export function parseContentDataset(name: string, text: string, source: string): ContentDataset {
  const documents: SanityDocument[] = [];
  const lineOfId = new Map<string, number>();
  const lineOfSlug = new Map<string, number>();
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    const fail = (problem: string): never => {
      throw new ContentDatasetError(`${source} line ${line}: ${problem}`);
    };
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      fail(`not valid JSON (${(error as Error).message})`);
    }
    const base = baseDocumentSchema.safeParse(value);
    if (!base.success) fail(issuesText(base.error));
    const document = base.data!;
    const seen = lineOfId.get(document._id);
    if (seen !== undefined) fail(`_id ${document._id} is already used on line ${seen}`);
    lineOfId.set(document._id, line);
    if (isPublicContentType(document._type) && isPublishedId(document._id)) {
      const typed = publicDocumentSchemas[document._type].safeParse(document);
      if (!typed.success) fail(`${document._type} ${document._id}: ${issuesText(typed.error)}`);
      if (document._type === 'comparison') {
        const slug = (document.slug as { current: string }).current;
        const slugLine = lineOfSlug.get(slug);
        if (slugLine !== undefined) fail(`slug ${slug} is already used on line ${slugLine}`);
        lineOfSlug.set(slug, line);
      }
    }
    documents.push(document);
  });
  return {
    name,
    documents,
    publicDocuments: documents.filter((document) => isPublicContentType(document._type) && isPublishedId(document._id)),
  };
}

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'document'} ${issue.message}`).join('; ');
}
