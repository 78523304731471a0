import { evaluate, type ExprNode, GroqSyntaxError, parse } from 'groq-js';
import type { SanityDocument } from '../dataset/content-dataset';
import { ContentQueryError } from './content-query-error';
import type { GroqRequest } from './groq-params';
import { type DatasetMeasure, estimateQueryCost } from './query-cost';
import { MAX_QUERY_COST, MAX_QUERY_NODES } from './query-limits';

/** What a query runs over: only the documents anyone may read. */
export interface QueryableDataset {
  readonly name: string;
  readonly documents: readonly SanityDocument[];
  readonly measure: DatasetMeasure;
}

/**
 * Answers a GROQ query as Sanity's query API does, over `dataset` alone: `*` is that list, so drafts and
 * private types cannot be reached by any query. Syntax errors, missing parameters and queries over the cost
 * limit are refused before anything is evaluated.
 */
export async function runContentQuery(request: GroqRequest, dataset: QueryableDataset, now: Date = new Date()): Promise<unknown> {
  const tree = parseQuery(request);
  const missing = missingParameter(tree, request.params);
  if (missing) throw new ContentQueryError(400, 'queryParseError', `param $${missing} referenced, but not provided`, { query: request.query });
  const { nodes, cost } = estimateQueryCost(tree, dataset.measure, request.params, MAX_QUERY_NODES);
  if (nodes > MAX_QUERY_NODES) {
    throw new ContentQueryError(400, 'queryTooCostly', `The query has more than ${MAX_QUERY_NODES} parts; split it into smaller queries`);
  }
  if (cost > MAX_QUERY_COST) {
    throw new ContentQueryError(
      400,
      'queryTooCostly',
      'The query would take too much work (nested queries over the whole dataset, or a large parameter repeated); ask for less in one query',
    );
  }
  try {
    const value = await evaluate(tree, {
      dataset: dataset.documents,
      params: request.params,
      timestamp: now,
      sanity: { projectId: 'local', dataset: dataset.name },
    });
    return await value.get();
  } catch (error) {
    throw new ContentQueryError(400, 'queryExecutionError', error instanceof Error ? error.message : 'The query could not be evaluated', { query: request.query });
  }
}

function parseQuery(request: GroqRequest): ExprNode {
  try {
    return parse(request.query, { params: request.params });
  } catch (error) {
    if (error instanceof GroqSyntaxError) {
      const description = error.message.replace(/^Syntax error in GROQ query at position \d+: /, '');
      return fail(description, { query: request.query, start: error.position, end: Math.min(error.position + 1, request.query.length) });
    }
    // The parser descends recursively: brackets nested thousands deep run out of stack.
    if (error instanceof RangeError) return fail('The query nests too deeply', { query: request.query });
    return fail(error instanceof Error ? error.message : 'The query could not be parsed', { query: request.query });
  }
}

function fail(description: string, details: Record<string, unknown>): never {
  throw new ContentQueryError(400, 'queryParseError', description, details);
}

function missingParameter(tree: ExprNode, params: Record<string, unknown>): string | undefined {
  const stack: unknown[] = [tree];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      const node = value as { type?: unknown; name?: unknown };
      if (node.type === 'Parameter' && typeof node.name === 'string' && !Object.hasOwn(params, node.name)) return node.name;
      for (const child of Object.values(value)) stack.push(child);
    }
  }
  return undefined;
}
