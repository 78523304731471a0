import { GDPR_CONSENT_STORAGE_KEY } from '../anonymous/anonymous-user-service';
import type { KeyValueStorage } from '../anonymous/browser-storage';

/** The visitor's analytics consent: true, false, or null while they have not answered. */
export type ConsentChoice = boolean | null;

/**
 * The GDPR consent as this browser remembers it (the same key the visitor service sends to track-user), and
 * who is told when it changes.
 */
export class ConsentStore {
  private readonly listeners = new Set<(choice: ConsentChoice) => void>();
  private memory: ConsentChoice = null;

  constructor(private readonly storage: KeyValueStorage) {}

  get(): ConsentChoice {
    try {
      const stored = this.storage.getItem(GDPR_CONSENT_STORAGE_KEY);
      if (stored === 'true') return true;
      if (stored === 'false') return false;
      return stored === null ? this.memory : null;
    } catch {
      return this.memory;
    }
  }

  /** Analytics beyond what is strictly needed runs only when this is true. */
  granted(): boolean {
    return this.get() === true;
  }

  set(choice: boolean): void {
    this.memory = choice;
    try {
      this.storage.setItem(GDPR_CONSENT_STORAGE_KEY, String(choice));
    } catch {
      // Storage refused (some private modes): the choice holds for this page.
    }
    for (const listener of [...this.listeners]) listener(choice);
  }

  subscribe(listener: (choice: ConsentChoice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
