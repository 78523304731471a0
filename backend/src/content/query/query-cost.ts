import type { ExprNode } from 'groq-js';
import type { GroqParams } from './groq-params';

/** What a query runs over, measured once per dataset. */
export interface DatasetMeasure {
  /** Documents a query can see. */
  readonly documents: number;
  /** Their size as JSON, together. */
  readonly bytes: number;
  /** Longest array inside any of them. */
  readonly longestArray: number;
  /** Longest string inside any of them. */
  readonly longestString: number;
}

export interface QueryCost {
  readonly nodes: number;
  /** Deepest nesting of per-element evaluation (a filter inside a projection is 2). */
  readonly depth: number;
  /** Upper bound of the work, roughly in bytes handled: see {@link estimateQueryCost}. */
  readonly cost: number;
}

/**
 * The parts of each node evaluated once per element of its base, rather than once. A projection applies
 * to one value: over an array the parser wraps it in a Map, which counts the iteration.
 */
const PER_ELEMENT: Readonly<Record<string, readonly string[]>> = {
  Filter: ['expr'],
  Map: ['expr'],
  FlatMap: ['expr'],
  PipeFuncCall: ['args'],
};

/** Weight of evaluating one node once. */
const NODE_WEIGHT = 64;

/**
 * An upper bound of what evaluating `tree` costs, without evaluating it. Every collection a query can
 * iterate has at most `width` elements (the dataset's documents, the longest array in it or in the
 * parameters; with string::split, the longest string too), so a node nested `d` levels deep in
 * per-element evaluation runs at most width^d times. Each run of a node weighs {@link NODE_WEIGHT};
 * `*`, `$param` and literal values also weigh what they bring in (the dataset's bytes, the value's JSON),
 * since a projection can copy them into the result. Walks without recursion and stops counting past `maxNodes`.
 */
export function estimateQueryCost(tree: ExprNode, dataset: DatasetMeasure, params: GroqParams, maxNodes: number): QueryCost {
  const paramBytes = new Map(Object.entries(params).map(([name, value]) => [name, JSON.stringify(value)?.length ?? 4]));
  const nodesWithDepth: Array<[Record<string, unknown>, number]> = [];
  const stack: Array<[unknown, number]> = [[tree, 0]];
  let usesSplit = false;
  let longestLiteral = 0;
  while (stack.length > 0 && nodesWithDepth.length <= maxNodes) {
    const [value, depth] = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth]);
      continue;
    }
    if (!isNode(value)) continue;
    nodesWithDepth.push([value, depth]);
    if (value.type === 'FuncCall' && value.namespace === 'string' && value.name === 'split') usesSplit = true;
    if (value.type === 'Value' && typeof value.value === 'string') longestLiteral = Math.max(longestLiteral, value.value.length);
    const perElement = PER_ELEMENT[value.type] ?? [];
    for (const [key, child] of Object.entries(value)) {
      if (key === 'type') continue;
      if (isNode(child) || Array.isArray(child)) stack.push([child, perElement.includes(key) ? depth + 1 : depth]);
    }
  }
  let width = Math.max(1, dataset.documents, dataset.longestArray, ...Object.values(params).map(longestArrayIn));
  if (usesSplit) width = Math.max(width, dataset.longestString, longestLiteral, ...Object.values(params).map(longestStringIn));

  let cost = 0;
  let deepest = 0;
  for (const [node, depth] of nodesWithDepth) {
    deepest = Math.max(deepest, depth);
    let weight = NODE_WEIGHT;
    if (node.type === 'Everything') weight += dataset.bytes;
    if (node.type === 'Parameter') weight += paramBytes.get(String(node.name)) ?? 0;
    // The parser writes most parameters into the tree as values.
    if (node.type === 'Value') weight += JSON.stringify(node.value)?.length ?? 0;
    cost += width ** depth * weight;
  }
  return { nodes: nodesWithDepth.length, depth: deepest, cost };
}

function isNode(value: unknown): value is Record<string, unknown> & { type: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string';
}

/** Longest array anywhere inside a JSON value (without recursion). */
export function longestArrayIn(value: unknown): number {
  return measure(value, (item) => (Array.isArray(item) ? item.length : 0));
}

/** Longest string anywhere inside a JSON value (without recursion). */
export function longestStringIn(value: unknown): number {
  return measure(value, (item) => (typeof item === 'string' ? item.length : 0));
}

function measure(value: unknown, size: (item: unknown) => number): number {
  let longest = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    longest = Math.max(longest, size(item));
    if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, element] of Object.entries(item)) stack.push(key, element);
    }
  }
  return longest;
}
