import { randomUUID } from 'node:crypto';
import { type EventStore, type NewEvent, newEvent } from '@ringcheck/projections';
import { uuidOf } from '../infrastructure/ids/ids';
import { type CloneIdentity, JourneyCloner } from './call-history-clone';
import { callHistoryTemplate } from './call-history-template';
import { conversionHistoryEvents, type Scheduled } from './conversion-history';

/**
 * A product's history of about `events` events in its proportions: the visitors, page views, track
 * messages, consent, sign-ups and links of {@link conversionHistoryEvents}, where every search, call and
 * sign-up is replaced by the events the product really records for it, cloned from the sandbox journeys
 * of {@link callHistoryTemplate} (a discovery with its 20 results, a call with its rings, transcript lines,
 * recording and analysis, an account with its e-mail reservation and first session).
 */
export interface RealisticHistory {
  head: number;
  events: number;
  /** Events written per kind, for the printout. */
  composition: Record<string, number>;
}

const DISCOVERY = (stream: string) => stream.startsWith('discovery-');
const CALL = (stream: string) => stream.startsWith('call-');
const ACCOUNT = (stream: string) => stream.startsWith('user-') || stream.startsWith('email-');
/** The generator's own events of these types are replaced by cloned journeys. */
const REPLACED = new Set(['DiscoveryRequested', 'DiscoveryCompleted', 'CallRequested', 'CallEnded', 'UserSignedUp']);

const KINDS: Record<string, string> = {
  TranscriptSegmentRecorded: 'transcript lines',
  CallAnalyzed: 'call analyses',
  CallReportWritten: 'call reports',
  AnalyticsEventTracked: 'analytics messages',
  VisitorTracked: 'visits',
  AnonymousVisitorLinked: 'visitor-to-account links',
  UserSignedUp: 'sign-ups',
};
const kindOf = (event: NewEvent, streamId: string) =>
  KINDS[event.type] ?? (streamId.startsWith('call-') ? 'other call events' : streamId.startsWith('discovery-') ? 'discovery events' : 'other account events');

export async function writeRealisticHistory(store: EventStore, options: { events: number; weeks?: number }): Promise<RealisticHistory> {
  const template = await callHistoryTemplate();
  const visitor = new JourneyCloner(template.visitor);
  const user = new JourneyCloner(template.user);
  const sizes = { discovery: visitor.countOf(DISCOVERY), call: visitor.countOf(CALL), account: user.countOf(ACCOUNT) };
  const expanded = (event: Scheduled) =>
    event.type === 'DiscoveryRequested' ? sizes.discovery : event.type === 'CallRequested' ? sizes.call : event.type === 'UserSignedUp' ? sizes.account : REPLACED.has(event.type) ? 0 : 1;

  // Journeys are larger than the generator's stand-ins: ask it for fewer events, so the span stays whole.
  let generated = 0;
  let cloned = 0;
  for (const event of conversionHistoryEvents({ events: options.events, weeks: options.weeks })) {
    generated += 1;
    cloned += expanded(event);
  }
  const generatorEvents = Math.ceil((options.events * generated) / cloned);

  const composition: Record<string, number> = {};
  const searches = new Map<string, Map<string, string>>();
  let pending: NewEvent[] = [];
  let written = 0;
  let head = 0;
  const append = async (streamId: string, events: NewEvent[]) => {
    const room = options.events - written;
    const kept = events.length > room ? events.slice(0, room) : events;
    if (kept.length === 0) return;
    head = (await store.appendToStream(streamId, kept)).position;
    written += kept.length;
    for (const event of kept) composition[kindOf(event, streamId)] = (composition[kindOf(event, streamId)] ?? 0) + 1;
  };
  // The projections read types and data, not streams: the generator's own events go in batches of one stream.
  const flush = async () => {
    if (pending.length > 0) await append(`history-${written}`, pending);
    pending = [];
  };
  const appendClone = async (cloner: JourneyCloner, identity: CloneIdentity, streams: (stream: string) => boolean) => {
    await flush();
    for (const { streamId, events } of cloner.appends(identity, true, streams)) await append(streamId, events);
  };

  for (const event of conversionHistoryEvents({ events: generatorEvents, weeks: options.weeks })) {
    if (written + pending.length >= options.events) break;
    const data = event.data as Record<string, string>;
    if (event.type === 'DiscoveryRequested') {
      const ofUser = data.ownerId.startsWith('user_');
      const cloner = ofUser ? user : visitor;
      const ownerTemplate = ofUser ? template.user.userId! : template.visitor.anonId;
      const call = new Map([[uuidOf(template.visitor.discoveryId), uuidOf(data.discoveryId)], [uuidOf(template.user.discoveryId), uuidOf(data.discoveryId)]]);
      const identity: CloneIdentity = { owner: new Map([[uuidOf(ownerTemplate), uuidOf(data.ownerId)]]), call, email: '', shiftMs: event.at - cloner.startOf(DISCOVERY) };
      await appendClone(cloner, identity, DISCOVERY);
      if (!ofUser) searches.set(data.discoveryId, call);
    } else if (event.type === 'CallRequested') {
      const call = searches.get(data.discoveryId) ?? new Map<string, string>();
      searches.delete(data.discoveryId);
      call.set(uuidOf(template.visitor.callId), uuidOf(data.callId));
      const identity: CloneIdentity = { owner: new Map([[uuidOf(template.visitor.anonId), uuidOf(data.ownerId)]]), call, email: '', shiftMs: event.at - visitor.startOf(CALL) };
      await appendClone(visitor, identity, CALL);
    } else if (event.type === 'UserSignedUp') {
      const identity: CloneIdentity = { owner: new Map([[uuidOf(template.user.userId!), uuidOf(data.userId)]]), call: new Map(), email: data.email, shiftMs: event.at - user.startOf(ACCOUNT) };
      await appendClone(user, identity, ACCOUNT);
    } else if (!REPLACED.has(event.type)) {
      pending.push(newEvent({ id: randomUUID(), type: event.type, data: event.data }, { correlationId: 'history', actor: 'bench', occurredAt: new Date(event.at).toISOString() }));
      if (pending.length === 1000) await flush();
    }
  }
  await flush();
  return { head, events: written, composition };
}
