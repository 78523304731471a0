import type { RealtimeMessage } from './realtime-message';

const MAX_TRACKED = 20_000;

/**
 * Remembers the last document pushed per room and document, so a room that sees only a view of a
 * document (the preview) hears nothing when the view did not change: the moment of a push must not
 * tell a watcher what the view hides (a ring, an answer, a line of transcript).
 */
export class PreviewDeduplicator {
  private readonly last = new Map<string, string>();

  /** Whether `message` differs from the last one for its room and document; remembers it if so. */
  changed(target: string, message: RealtimeMessage<object>): boolean {
    const key = `${target}|${message.documentId}`;
    const body = JSON.stringify(message.document);
    if (this.last.get(key) === body) return false;
    this.last.delete(key);
    if (this.last.size >= MAX_TRACKED) this.last.delete(this.last.keys().next().value!);
    this.last.set(key, body);
    return true;
  }
}
