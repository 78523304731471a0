import { randomBytes, randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent, RecordedEvent } from '@ringcheck/projections';
import { emailReservationStream } from '../identity/domain/email-address';
import { TEMPLATE_EMAIL, type TemplateJourney } from './call-history-template';

/**
 * Clones one journey's events with fresh identities and shifted times. An id, hash or timestamp is
 * replaced wherever it occurs (stream ids, data, metadata, inside longer strings such as recording
 * URLs), so a clone is as consistent as the journey it copies. Ids belong to one of two scopes: the
 * owner's (account, visitor, sessions, followed locations: cloned once per owner) or the call's (the
 * call, its discovery and results, event ids, correlations: fresh for every call).
 */

type Scope = 'owner' | 'call';
type Piece =
  | string
  | { kind: 'id'; scope: Scope; key: string }
  | { kind: 'time'; ms: number }
  | { kind: 'month'; ms: number }
  | { kind: 'email' }
  | { kind: 'email-stream' };

interface PatchNode {
  leaf?: Piece[];
  children?: Map<string | number, PatchNode>;
}

interface CompiledEvent {
  /** The owner's part of the journey (account, visitor), written once per owner. */
  ofOwner: boolean;
  /** The template's stream, to pick a part of the journey by. */
  templateStream: string;
  occurredAt: number;
  type: string;
  stream: Piece[];
  id: Piece[];
  data: unknown;
  dataPatch: PatchNode | null;
  metadata: EventMetadata;
  metadataPatch: PatchNode | null;
}

/** Streams of the owner rather than of one call. */
const OWNER_STREAM = /^(anonymous|analytics|email|user|onboarding)-/;
/** Prefixes of ids that belong to the owner wherever they appear. */
const OWNER_PREFIX = /^(user_|anon_|loc_|bizp_)$/;
const TOKEN =
  /(?<email>history-template-owner@example\.com)|(?<prefix>[a-z]+_)?(?<uuid>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|(?<sb>\bSB[0-9a-f]{32}\b)|(?<hex>\b[0-9a-f]{64}\b)|(?<time>\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\b)|(?<month>^\d{4}-\d{2}$)/g;

/** The ids of one clone: the owner's (kept across that owner's calls) and the call's. */
export interface CloneIdentity {
  owner: Map<string, string>;
  call: Map<string, string>;
  email: string;
  /** Added to every timestamp of the template. */
  shiftMs: number;
}

export class JourneyCloner {
  private readonly events: CompiledEvent[];
  private readonly ownerKeys = new Set<string>();
  /** When the journey began, so a clone can be placed at a chosen moment. */
  readonly startedAt: number;

  constructor(readonly journey: TemplateJourney) {
    const kept = journey.events.filter((event) => !event.streamId.startsWith('feature-flag-'));
    for (const event of kept) if (OWNER_STREAM.test(event.streamId)) this.collectOwnerKeys(event);
    this.events = kept.map((event) => this.compile(event));
    this.startedAt = Date.parse(kept[0].metadata.occurredAt);
  }

  /** Events the journey's owner has whatever call it makes, then the call's own, in the order they were recorded. */
  get eventsPerOwner(): number {
    return this.events.filter((event) => event.ofOwner).length;
  }

  get eventsPerCall(): number {
    return this.events.filter((event) => !event.ofOwner).length;
  }

  /** The owner's id in a clone (its user id, or its visitor id for a journey without an account). */
  ownerIdIn(identity: CloneIdentity): string {
    const template = this.journey.userId ?? this.journey.anonId;
    return this.render(this.tokenize(template), identity);
  }

  callIdIn(identity: CloneIdentity): string {
    return this.render(this.tokenize(this.journey.callId), identity);
  }

  /** When the first event of the part `streams` picks happened in the template. */
  startOf(streams: (templateStream: string) => boolean): number {
    const first = this.events.find((event) => streams(event.templateStream));
    if (!first) throw new Error('No event of the journey is on the streams asked for');
    return first.occurredAt;
  }

  /** How many events the part `streams` picks holds. */
  countOf(streams: (templateStream: string) => boolean): number {
    return this.events.filter((event) => streams(event.templateStream)).length;
  }

  /**
   * The clone's appends, in the journey's order: consecutive events of one stream go in one append.
   * `withOwner` includes the owner's part (its first call); `streams` keeps only the events of the
   * template streams it accepts.
   */
  appends(identity: CloneIdentity, withOwner: boolean, streams?: (templateStream: string) => boolean): { streamId: string; events: NewEvent[] }[] {
    const appends: { streamId: string; events: NewEvent[] }[] = [];
    for (const event of this.events) {
      if (event.ofOwner && !withOwner) continue;
      if (streams && !streams(event.templateStream)) continue;
      const streamId = this.render(event.stream, identity);
      const cloned: NewEvent = {
        id: this.render(event.id, identity),
        type: event.type,
        data: event.dataPatch ? this.apply(event.dataPatch, event.data, identity) : event.data,
        metadata: (event.metadataPatch ? this.apply(event.metadataPatch, event.metadata, identity) : event.metadata) as EventMetadata,
      };
      const last = appends[appends.length - 1];
      if (last?.streamId === streamId) last.events.push(cloned);
      else appends.push({ streamId, events: [cloned] });
    }
    return appends;
  }

  private collectOwnerKeys(event: RecordedEvent): void {
    const text = JSON.stringify([event.id, event.streamId, event.data, event.metadata]);
    for (const match of text.matchAll(TOKEN)) {
      const key = match.groups!.uuid ?? match.groups!.hex;
      if (key) this.ownerKeys.add(key);
    }
  }

  private compile(event: RecordedEvent): CompiledEvent {
    const ofOwner = OWNER_STREAM.test(event.streamId);
    const stream =
      event.streamId === emailReservationStream(TEMPLATE_EMAIL) ? [{ kind: 'email-stream' } as const] : this.tokenize(event.streamId);
    return {
      ofOwner,
      templateStream: event.streamId,
      occurredAt: Date.parse(event.metadata.occurredAt),
      type: event.type,
      stream,
      id: this.tokenize(event.id),
      data: event.data,
      dataPatch: this.patchesOf(event.data),
      metadata: event.metadata,
      metadataPatch: this.patchesOf(event.metadata),
    };
  }

  /** The paths to every string holding something a clone replaces, or null when nothing does. */
  private patchesOf(value: unknown): PatchNode | null {
    if (typeof value === 'string') {
      const pieces = this.tokenize(value);
      return pieces.length === 1 && typeof pieces[0] === 'string' ? null : { leaf: pieces };
    }
    if (value === null || typeof value !== 'object') return null;
    const children = new Map<string | number, PatchNode>();
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key, child] of entries) {
      if (typeof key === 'string' && key.match(TOKEN)) throw new Error(`A template key holds an id or time, which cloning does not rewrite: ${key}`);
      const patch = this.patchesOf(child);
      if (patch) children.set(key, patch);
    }
    return children.size > 0 ? { children } : null;
  }

  private tokenize(text: string): Piece[] {
    const pieces: Piece[] = [];
    let at = 0;
    for (const match of text.matchAll(TOKEN)) {
      const groups = match.groups!;
      if (match.index > at) pieces.push(text.slice(at, match.index));
      if (groups.email) pieces.push({ kind: 'email' });
      else if (groups.uuid) {
        if (groups.prefix) pieces.push(groups.prefix);
        const scope: Scope = this.ownerKeys.has(groups.uuid) || (groups.prefix && OWNER_PREFIX.test(groups.prefix)) ? 'owner' : 'call';
        pieces.push({ kind: 'id', scope, key: groups.uuid });
      } else if (groups.sb) pieces.push({ kind: 'id', scope: 'call', key: groups.sb });
      else if (groups.hex) pieces.push({ kind: 'id', scope: this.ownerKeys.has(groups.hex) ? 'owner' : 'call', key: groups.hex });
      else if (groups.time) pieces.push({ kind: 'time', ms: Date.parse(groups.time) });
      else if (groups.month) pieces.push({ kind: 'month', ms: Date.parse(`${groups.month}-15T00:00:00.000Z`) });
      at = match.index + match[0].length;
    }
    if (at < text.length || pieces.length === 0) pieces.push(text.slice(at));
    return pieces;
  }

  private render(pieces: readonly Piece[], identity: CloneIdentity): string {
    let text = '';
    for (const piece of pieces) {
      if (typeof piece === 'string') text += piece;
      else if (piece.kind === 'id') text += freshId(piece.scope === 'owner' ? identity.owner : identity.call, piece.key);
      else if (piece.kind === 'time') text += new Date(piece.ms + identity.shiftMs).toISOString();
      else if (piece.kind === 'month') text += new Date(piece.ms + identity.shiftMs).toISOString().slice(0, 7);
      else if (piece.kind === 'email') text += identity.email;
      else text += emailReservationStream(identity.email);
    }
    return text;
  }

  /** A copy of `value` with the patched strings rendered; untouched branches are shared with the template. */
  private apply(patch: PatchNode, value: unknown, identity: CloneIdentity): unknown {
    if (patch.leaf) return this.render(patch.leaf, identity);
    const copy: any = Array.isArray(value) ? value.slice() : { ...(value as object) };
    for (const [key, child] of patch.children!) copy[key] = this.apply(child, (value as any)[key], identity);
    return copy;
  }
}

/** The clone's value for a template id, made on first use: same shape (UUID, sandbox call SID, 64-hex hash). */
function freshId(values: Map<string, string>, key: string): string {
  let value = values.get(key);
  if (value === undefined) {
    if (key.length === 36) value = randomUUID();
    else if (key.startsWith('SB')) value = `SB${randomBytes(16).toString('hex')}`;
    else value = randomBytes(32).toString('hex');
    values.set(key, value);
  }
  return value;
}
