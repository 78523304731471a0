import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { type DocumentChange, type ProjectionRunner, type RealtimeResync } from '@ringcheck/projections';
import type { IncomingMessage } from 'node:http';
import type { Subscription } from 'rxjs';
import type { Server, Socket } from 'socket.io';
import { callAccessFor } from '../calls/domain/call-access';
import { CallReadModels } from '../calls/queries/call-read-models';
import { IdentityAuthenticator } from '../identity';
import { APP_CONFIG, type AppConfig } from '../infrastructure/config';
import { isId, parseId } from '../infrastructure/ids';
import { PROJECTION_RUNNER, ReadModelChanges } from '../infrastructure/storage';
import { provenAnonIdsOfCookieHeader, VisitorProof } from '../infrastructure/visitor';
import { FOLLOWED_ROOMS, type FollowedRooms } from './followed-rooms';
import { PushBaselines } from './push-baselines';
import { PushedPositions } from './pushed-positions';
import { isPatchRoom, isPreviewRoom, messagesFor, patchRoomOf, previewRoomOf, publicRoomName, type RealtimeMessage } from './realtime-message';
import { guardRecovery } from './recovery-guard';
import { decideRoomAccess } from './room-access';
import { roomReplay } from './room-replay';
import { SentPositions } from './sent-positions';
import { isSocketOriginAllowed } from './socket-origin';
import { endedSessionsIn, sessionOf, setSession, type SocketSession } from './socket-session';

interface SubscribeRequest {
  room?: unknown;
  lastPosition?: unknown;
  /** Pushes after the first of each document as patches of the one before (see push-baselines.ts). */
  patches?: unknown;
}

const MAX_ROOMS_PER_SOCKET = 50;
/** Server-side event by which the node that runs the projections tells the others whose sessions ended. */
const SESSIONS_ENDED = 'sessions_ended';

interface EndedSessions {
  sessionIds: string[];
  userIds: string[];
}
/** A change for one room: the message in full, and what its patch room gets (the message itself when first there). */
interface Push {
  target: string;
  message: RealtimeMessage<object>;
  patched: object;
}

/** setTimeout's ceiling; a token living longer is checked again when this fires. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Pushes read-model changes to Socket.IO rooms (`call:<id>`, `discovery:<id>`, `user:<id>`).
 * Every message carries its global position; a client that subscribes with the last position
 * it saw first receives the current state of every document in the room that changed since.
 * A socket's owner-only access lasts as long as the session of its handshake: sign-out, a revoked
 * refresh token, a deleted account or the token's expiry demote it to the preview at once.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false, cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('Realtime');
  private subscription: Subscription | undefined;
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly baselines = new PushBaselines();
  /** With rooms shared through Redis: the pushes of each batch, sent in order once Redis said who follows. */
  private sending = Promise.resolve();

  constructor(
    private readonly changes: ReadModelChanges,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly authenticator: IdentityAuthenticator,
    private readonly proof: VisitorProof,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pushed: PushedPositions,
    @Inject(FOLLOWED_ROOMS) private readonly followed: FollowedRooms | null,
    private readonly calls: CallReadModels,
  ) {}

  afterInit(): void {
    // Browsers do not apply CORS to WebSocket upgrades, so the origin is checked here for every transport.
    this.server.engine.opts.allowRequest = (request: IncomingMessage, callback: (error: string | null | undefined, ok: boolean) => void) => {
      const allowed = isSocketOriginAllowed(request.headers.origin, request.headers.host, this.config.corsOrigins);
      callback(allowed ? null : 'Origin not allowed', allowed);
    };
    // Connection-state recovery is on where rooms are shared through Redis (see shared-rooms.adapter.ts).
    guardRecovery(this.server.of('/').adapter as never, (data) => this.signInStillHolds(data));
    this.server.use((socket, next) => {
      this.handshake(socket)
        .then(() => (socket.recovered ? this.recheckRooms(socket) : undefined))
        .then(() => next(), next);
    });
    this.server.on('connection', (socket: Socket) => {
      this.scheduleExpiry(socket);
      socket.on('disconnect', () => this.clearExpiry(socket));
    });
    this.subscription = this.changes.stream.subscribe((batch) => this.publish(batch));
    this.followed?.start(() => this.roomsFollowedHere());
    // With rooms shared through Redis, the sockets of other nodes hear of ended sessions this way.
    if (this.config.redisUrl) this.server.on(SESSIONS_ENDED, (ended: EndedSessions) => this.demoteEnded(ended));
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.followed?.stop();
    for (const timer of this.expiryTimers.values()) clearTimeout(timer);
    this.expiryTimers.clear();
  }

  @SubscribeMessage('subscribe')
  async subscribe(@MessageBody() body: SubscribeRequest, @ConnectedSocket() socket: Socket) {
    const decision = decideRoomAccess(body?.room, sessionOf(socket));
    if (!decision.allowed) return { ok: false, error: decision.reason };
    const room = body.room as string;
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return { ok: false, error: 'Too many rooms on one connection.' };
    // What the store holds may be older than a push that reached the socket first: it is not sent back in
    // time. The socket's own packets are noted while this subscription is under way; before it, a socket
    // already in the room had every push to the room. (Noting every packet of every socket cost a tenth of
    // a burst's sending.)
    const sent = new SentPositions();
    socket.onAnyOutgoing(sent.note);
    try {
      // Changes are pushed before they are written: what went out before the join is read once it is written.
      await this.pushed.written();
      const target = await this.targetRoom(room, socket);
      const joined = body.patches === true ? patchRoomOf(target) : target;
      const wasIn = socket.rooms.has(joined);
      await socket.join(joined);
      // A room no node followed may have had pushes left out: what the log already holds is read once written.
      if (this.followed && (await this.followed.follow(joined))) await this.pushed.logWritten();
      await this.pushed.written();
      const lastPosition = typeof body.lastPosition === 'number' && body.lastPosition >= 0 ? body.lastPosition : 0;
      const sentNewer = (message: RealtimeMessage<object>) => sent.sentNewer(message) || (wasIn && this.pushed.pushedNewer(joined, message));
      const missed = await this.missedMessages(room, target, lastPosition);
      if (missed === 'resync') {
        // Too much changed to replay: the client reads the room's data again, and follows it from here.
        const position = this.runner.position;
        socket.emit('resync', { room, position } satisfies RealtimeResync);
        return { ok: true, room, position, replayed: 0, resync: true };
      }
      const fresh = missed.filter((message) => !sentNewer(message));
      for (const message of fresh) socket.emit('update', message);
      return { ok: true, room, position: this.runner.position, replayed: fresh.length };
    } finally {
      socket.offAnyOutgoing(sent.note);
    }
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@MessageBody() body: SubscribeRequest, @ConnectedSocket() socket: Socket) {
    if (typeof body?.room === 'string') {
      for (const room of [body.room, previewRoomOf(body.room)]) {
        await socket.leave(room);
        await socket.leave(patchRoomOf(room));
      }
    }
    return { ok: true };
  }

  /** The visitor comes from the proof cookie (the `anonId` sent picks among proven ids); the user from `auth.token`. */
  private async handshake(socket: Socket): Promise<void> {
    const auth = (socket.handshake.auth ?? {}) as { anonId?: unknown; token?: unknown };
    const proven = provenAnonIdsOfCookieHeader(this.proof, socket.handshake.headers.cookie);
    const claimed = typeof auth.anonId === 'string' && isId(auth.anonId, 'anon_') ? parseId(auth.anonId, 'anon_') : null;
    const user = await this.authenticator.verifySocketToken(auth.token);
    setSession(socket, {
      anonId: claimed && proven.includes(claimed) ? claimed : (proven[0] ?? null),
      userId: user?.id ?? null,
      sessionId: user?.sessionId ?? null,
      expiresAt: user ? user.expiresAt * 1000 : null,
    });
  }

  /** Whether the sign-in a disconnected socket had (kept in its data) still holds, so it may recover. */
  private async signInStillHolds(data: unknown): Promise<boolean> {
    const session = (data as { session?: SocketSession } | null)?.session;
    if (!session?.userId) return true;
    return this.authenticator.stillSignedIn(session.userId, session.sessionId, session.expiresAt);
  }

  /**
   * A recovered socket is back in the rooms it had; who it is now comes from the new handshake, so each
   * room is decided again as a subscription would be: left when no longer allowed, and a call followed
   * in full or as the preview as this identity may. No broadcast reaches it before this is done.
   */
  private async recheckRooms(socket: Socket): Promise<void> {
    for (const room of [...socket.rooms]) {
      if (room === socket.id) continue;
      const asked = publicRoomName(room);
      const allowed = decideRoomAccess(asked, sessionOf(socket)).allowed ? await this.targetRoom(asked, socket) : null;
      const target = allowed && isPatchRoom(room) ? patchRoomOf(allowed) : allowed;
      if (target === room) continue;
      await socket.leave(room);
      if (target) await socket.join(target);
    }
    // The rooms stayed marked through the recovery window; they are this node's to keep marked now.
    await Promise.all([...socket.rooms].filter((room) => room !== socket.id).map((room) => this.followed?.follow(room)));
  }

  /**
   * Each change goes to its rooms in full, and to their patch rooms as what changed since the last push
   * there. A room that sees only a view of a document (a call's preview, a discovery) hears nothing when
   * the view did not change: the moment of a push must not tell a watcher what the view hides (a ring,
   * an answer, a line of transcript).
   */
  private publish(batch: DocumentChange[]): void {
    if (batch.length === 0) return;
    this.pushed.told(batch[batch.length - 1].position);
    this.endSessions(batch);
    const pushes = this.pushesOf(batch);
    if (!this.followed) {
      const rooms = this.server.sockets.adapter.rooms;
      this.send(pushes, (room) => rooms.has(room));
      return;
    }
    // Asked now, so that Redis answers as of this moment; a room marked after it is read in full by its subscriber.
    const followed = this.followed.followedOf([...new Set(pushes.flatMap(({ target }) => [target, patchRoomOf(target)]))]);
    this.sending = this.sending
      .then(async () => {
        const rooms = await followed;
        this.send(pushes, (room) => rooms.has(room));
      })
      .catch((error: Error) => this.logger.error(`Could not push a batch of changes: ${error.message}`));
  }

  private pushesOf(batch: DocumentChange[]): Push[] {
    const pushes: Push[] = [];
    for (const change of batch) {
      for (const { target, message } of messagesFor(change)) {
        const delta = this.baselines.next(target, message.documentId, message.position, message.document);
        const viewOnly = isPreviewRoom(target) || target.startsWith('anonymous:') || target.startsWith('discovery:');
        if (delta.kind === 'unchanged' && viewOnly) continue;
        if (delta.kind === 'first') pushes.push({ target, message, patched: message });
        else {
          const { document: _document, ...about } = message;
          pushes.push({ target, message, patched: { ...about, patch: delta.kind === 'patch' ? delta.patch : { since: delta.since } } });
        }
      }
    }
    return pushes;
  }

  /** Emits each push to its room and its patch room, where `followed` says someone follows. */
  private send(pushes: Push[], followed: (room: string) => boolean): void {
    for (const { target, message, patched } of pushes) {
      const told: string[] = [];
      for (const [room, sent] of [[target, message], [patchRoomOf(target), patched]] as const) {
        if (!followed(room)) continue;
        this.server.to(room).emit('update', sent);
        told.push(room);
      }
      if (told.length > 0) this.pushed.toldRooms(told, message.documentId, message.position);
    }
  }

  /** The rooms with a socket of this node in them. */
  private roomsFollowedHere(): string[] {
    const { rooms, sids } = this.server.sockets.adapter;
    return [...rooms.keys()].filter((room) => !sids.has(room));
  }

  private endSessions(batch: DocumentChange[]): void {
    const { sessionIds, userIds } = endedSessionsIn(batch);
    if (sessionIds.size === 0 && userIds.size === 0) return;
    const ended = { sessionIds: [...sessionIds], userIds: [...userIds] };
    this.demoteEnded(ended);
    if (this.config.redisUrl) this.server.serverSideEmit(SESSIONS_ENDED, ended);
  }

  /** Demotes this node's sockets whose session or user is among the ended ones. */
  private demoteEnded(ended: EndedSessions): void {
    const sessionIds = new Set(ended.sessionIds);
    const userIds = new Set(ended.userIds);
    for (const socket of this.server.sockets.sockets.values()) {
      const session = sessionOf(socket);
      if ((session.sessionId && sessionIds.has(session.sessionId)) || (session.userId && userIds.has(session.userId))) {
        this.demote(socket, 'signed_out');
      }
    }
  }

  private scheduleExpiry(socket: Socket): void {
    const { expiresAt } = sessionOf(socket);
    if (expiresAt === null) return;
    const delay = Math.max(0, expiresAt - Date.now());
    this.expiryTimers.set(
      socket.id,
      setTimeout(() => {
        this.expiryTimers.delete(socket.id);
        if (Date.now() >= expiresAt) this.demote(socket, 'expired');
        else this.scheduleExpiry(socket);
      }, Math.min(delay, MAX_TIMER_MS)),
    );
  }

  private clearExpiry(socket: Socket): void {
    clearTimeout(this.expiryTimers.get(socket.id));
    this.expiryTimers.delete(socket.id);
  }

  /**
   * Takes a socket's signed-in access away: it leaves its user rooms, follows calls as the preview,
   * and is told so (the web app reconnects with a fresh token when it still has a session).
   */
  private demote(socket: Socket, reason: 'signed_out' | 'expired'): void {
    const session: SocketSession = { ...sessionOf(socket), userId: null, sessionId: null, expiresAt: null };
    setSession(socket, session);
    this.clearExpiry(socket);
    for (const room of [...socket.rooms]) {
      if (room.startsWith('user:')) void socket.leave(room);
      if (room.startsWith('call:') && !isPreviewRoom(room)) {
        void socket.leave(room);
        void socket.join(previewRoomOf(room));
        // Not waited for: the client is told below and follows its rooms again by position.
        void this.followed?.follow(previewRoomOf(room));
      }
    }
    socket.emit('session_ended', { reason });
  }

  /** A call's full room is for its signed-in owner; everyone else follows its preview room. */
  private async targetRoom(room: string, socket: Socket): Promise<string> {
    if (!room.startsWith('call:')) return room;
    const call = await this.calls.viewOf(room.slice('call:'.length));
    const access = call ? callAccessFor(call, sessionOf(socket).userId) : 'preview';
    return access === 'full' ? room : previewRoomOf(room);
  }

  private async missedMessages(room: string, target: string, lastPosition: number): Promise<RealtimeMessage<object>[] | 'resync'> {
    const names = this.runner.roomProjectionNames();
    // A read model first built beside serving (a new version) has nothing to replay yet: the room's data is read again.
    if (names.some((name) => !this.runner.isBuilt(name))) return 'resync';
    const readModels = names.map((name) => ({ name, collection: this.runner.collection(name) }));
    const replay = await roomReplay(readModels, room, lastPosition, (name, error) => this.logger.warn(`Could not replay ${name} for a room: ${error.message}`));
    if (replay === 'resync') return replay;
    const messages: RealtimeMessage<object>[] = [];
    for (const { name, documents } of replay) {
      for (const document of documents) {
        const change = { projection: name, documentId: document._id, document, rooms: [room], position: document._position };
        messages.push(...messagesFor(change).filter((m) => m.target === target).map((m) => m.message));
      }
    }
    return messages.sort((a, b) => a.position - b.position);
  }
}
