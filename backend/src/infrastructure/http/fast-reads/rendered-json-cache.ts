import type { RenderedJson } from './fast-read-route';

/**
 * Rendered answers kept per source document and variant (who may see what of it). A document the read
 * store shares is never changed in place, so while the store keeps it, what was rendered from it holds;
 * an entry goes when its document does.
 */
export class RenderedJsonCache<Source extends object> {
  private readonly rendered = new WeakMap<Source, Map<string, RenderedJson>>();

  get(source: Source, variant: string, render: () => RenderedJson): RenderedJson {
    let variants = this.rendered.get(source);
    if (!variants) this.rendered.set(source, (variants = new Map()));
    let answer = variants.get(variant);
    if (!answer) variants.set(variant, (answer = render()));
    return answer;
  }
}
