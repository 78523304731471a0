/**
 * A query the content service refuses, answered in Sanity's shape: `{ error: { description, type, … } }`
 * (a GROQ syntax error also carries `query`, `start` and `end`, which @sanity/client turns into a code frame).
 */
export class ContentQueryError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly description: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(description);
    this.name = 'ContentQueryError';
  }

  body(): { error: Record<string, unknown> } {
    return { error: { description: this.description, type: this.type, ...this.details } };
  }
}
