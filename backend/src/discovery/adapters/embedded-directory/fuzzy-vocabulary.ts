import { allowedTypos, boundedEditDistance } from './edit-distance';

export interface TermMatch {
  id: number;
  /** 1 for the same word, less for a prefix or a typo. */
  similarity: number;
}

const EXACT = 1;
const ONE_TYPO = 0.85;
const TWO_TYPOS = 0.7;
const MIN_PREFIX_LENGTH = 3;
const MAX_PREFIX_MATCHES = 40;

/** The word and every form of it with one letter left out. */
function oneLetterDeletions(word: string): string[] {
  const forms = [word];
  for (let index = 0; index < word.length; index += 1) forms.push(word.slice(0, index) + word.slice(index + 1));
  return forms;
}

function trigramsOf(word: string): string[] {
  const padded = `^${word}$`;
  const grams: string[] = [];
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.push(padded.slice(index, index + 3));
  return grams;
}

/**
 * A set of words with typo-tolerant and prefix lookup. Words get dense ids in insertion order. Two indexes
 * narrow the typo candidates so a lookup touches only a few words: one-letter deletions (which catch every
 * single typo, swapped letters in short words included) and trigrams (for two typos in long words).
 */
export class FuzzyVocabulary {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly trigramPostings = new Map<string, number[]>();
  private readonly deletionPostings = new Map<string, number[]>();
  private sortedIds: number[] | null = null;

  get size(): number {
    return this.words.length;
  }

  add(word: string): number {
    const known = this.ids.get(word);
    if (known !== undefined) return known;
    const id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    for (const gram of new Set(trigramsOf(word))) addPosting(this.trigramPostings, gram, id);
    for (const form of new Set(oneLetterDeletions(word))) addPosting(this.deletionPostings, form, id);
    this.sortedIds = null;
    return id;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  wordOf(id: number): string {
    return this.words[id]!;
  }

  /** Every known word the token may stand for, with the best similarity of each. */
  match(token: string, options: { prefix?: boolean } = {}): TermMatch[] {
    const best = new Map<number, number>();
    const offer = (id: number, similarity: number) => {
      if ((best.get(id) ?? 0) < similarity) best.set(id, similarity);
    };
    const exact = this.ids.get(token);
    if (exact !== undefined) offer(exact, EXACT);

    const maxTypos = allowedTypos(token.length);
    if (maxTypos > 0) {
      const seen = new Set<number>();
      const candidateLists = [
        ...oneLetterDeletions(token).map((form) => this.deletionPostings.get(form)),
        ...(maxTypos > 1 ? trigramsOf(token).map((gram) => this.trigramPostings.get(gram)) : []),
      ];
      for (const candidates of candidateLists) {
        for (const id of candidates ?? []) {
          if (seen.has(id) || id === exact) continue;
          seen.add(id);
          const word = this.words[id]!;
          if (Math.abs(word.length - token.length) > maxTypos) continue;
          const limit = Math.min(maxTypos, allowedTypos(word.length));
          const distance = boundedEditDistance(token, word, limit);
          if (distance > limit) continue;
          offer(id, distance === 1 ? ONE_TYPO : TWO_TYPOS);
        }
      }
    }

    if (options.prefix !== false && token.length >= MIN_PREFIX_LENGTH) {
      for (const id of this.idsWithPrefix(token)) {
        const word = this.words[id]!;
        if (word !== token) offer(id, 0.55 + (0.35 * token.length) / word.length);
      }
    }
    return [...best].map(([id, similarity]) => ({ id, similarity }));
  }

  private idsWithPrefix(prefix: string): number[] {
    const sorted = this.sorted();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.words[sorted[middle]!]! < prefix) low = middle + 1;
      else high = middle;
    }
    const result: number[] = [];
    for (let index = low; index < sorted.length && result.length < MAX_PREFIX_MATCHES; index += 1) {
      const id = sorted[index]!;
      if (!this.words[id]!.startsWith(prefix)) break;
      result.push(id);
    }
    return result;
  }

  private sorted(): number[] {
    if (!this.sortedIds) {
      this.sortedIds = this.words.map((_, id) => id).sort((a, b) => (this.words[a]! < this.words[b]! ? -1 : this.words[a]! > this.words[b]! ? 1 : 0));
    }
    return this.sortedIds;
  }
}

function addPosting(postings: Map<string, number[]>, key: string, id: number): void {
  const posting = postings.get(key);
  if (posting) posting.push(id);
  else postings.set(key, [id]);
}
