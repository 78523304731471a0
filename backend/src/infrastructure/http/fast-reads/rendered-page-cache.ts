import type { RenderedJson } from './fast-read-route';

/**
 * Rendered answers kept by what they were asked (the caller and the query) while the data they were
 * built from has not changed (its change token), within a budget of bytes; the oldest go first.
 */
export class RenderedPageCache {
  private readonly pages = new Map<string, { token: string; answer: RenderedJson }>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** The answer to `key`; `render` when none is kept for `token` (taken before reading). No token: nothing kept. */
  async get(key: string, token: string | null, render: () => Promise<RenderedJson | null>): Promise<RenderedJson | null> {
    const kept = this.pages.get(key);
    if (kept && token !== null && kept.token === token) return kept.answer;
    const answer = await render();
    const current = this.pages.get(key);
    if (current) this.drop(key, current.answer);
    if (answer && token !== null && answer.body.length <= this.budgetBytes) {
      this.pages.set(key, { token, answer });
      this.bytes += answer.body.length;
      for (const [oldest, page] of this.pages) {
        if (this.bytes <= this.budgetBytes) break;
        this.drop(oldest, page.answer);
      }
    }
    return answer;
  }

  private drop(key: string, answer: RenderedJson): void {
    this.pages.delete(key);
    this.bytes -= answer.body.length;
  }
}
