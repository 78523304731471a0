import type { RenderedJson } from './fast-read-route';

/**
 * Rendered answers kept per source document and variant (who may see what of it). A document the read
 * store shares is never changed in place, so while the store keeps it, what was rendered from it holds;
 * an entry goes when its document does.
 */
export class RenderedJsonCache<Source extends object> {
  private readonly rendered = new WeakMap<Source, Map<string, RenderedJson>>();

  cached(source: Source, variant: string): RenderedJson | undefined {
    return this.rendered.get(source)?.get(variant);
  }

  /** Keeps `answer` as what `source` renders to for `variant`, and answers it. */
  keep(source: Source, variant: string, answer: RenderedJson): RenderedJson {
    let variants = this.rendered.get(source);
    if (!variants) this.rendered.set(source, (variants = new Map()));
    variants.set(variant, answer);
    return answer;
  }
}
