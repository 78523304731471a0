import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { CallDocument, ProjectionRunner, StoredDocument } from '@ringcheck/projections';
import { callAccessFor } from '../calls/api/call-response';
import type { Subscription } from 'rxjs';
import type { Server, Socket } from 'socket.io';
import { IdentityAuthenticator } from '../identity';
import { isId, parseId } from '../infrastructure/ids';
import { PROJECTION_RUNNER, ReadModelChanges } from '../infrastructure/storage';
import { messagesFor, previewRoomOf, type RealtimeMessage } from './realtime-message';
import { decideRoomAccess, type SocketIdentity } from './room-access';

interface SubscribeRequest {
  room?: unknown;
  lastPosition?: unknown;
}

const MAX_ROOMS_PER_SOCKET = 50;

/**
 * Pushes read-model changes to Socket.IO rooms (`call:<id>`, `discovery:<id>`, `user:<id>`).
 * Every message carries its global position; a client that subscribes with the last position
 * it saw first receives the current state of every document in the room that changed since.
 */
@WebSocketGateway({ path: '/socket.io', serveClient: false, cors: { origin: true, credentials: true } })
export class RealtimeGateway implements OnGatewayInit, OnModuleDestroy {
  @WebSocketServer() server!: Server;
  private readonly logger = new Logger('Realtime');
  private subscription: Subscription | undefined;

  constructor(
    private readonly changes: ReadModelChanges,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly authenticator: IdentityAuthenticator,
  ) {}

  afterInit(): void {
    // A signed-in client sends its access token in the handshake; the user is known before any subscribe.
    this.server.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      this.authenticator.verifySocketToken(token).then((user) => {
        if (user) (socket.data as { userId?: string }).userId = user.id;
        next();
      }, next);
    });
    this.subscription = this.changes.stream.subscribe((batch) => {
      for (const change of batch) {
        for (const { target, message } of messagesFor(change)) this.server.to(target).emit('update', message);
      }
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  @SubscribeMessage('subscribe')
  async subscribe(@MessageBody() body: SubscribeRequest, @ConnectedSocket() socket: Socket) {
    const decision = decideRoomAccess(body?.room, this.identityOf(socket));
    if (!decision.allowed) return { ok: false, error: decision.reason };
    const room = body.room as string;
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return { ok: false, error: 'Too many rooms on one connection.' };
    const target = await this.targetRoom(room, socket);
    await socket.join(target);
    const lastPosition = typeof body.lastPosition === 'number' && body.lastPosition >= 0 ? body.lastPosition : 0;
    const missed = await this.missedMessages(room, target, lastPosition);
    for (const message of missed) socket.emit('update', message);
    return { ok: true, room, position: this.runner.position, replayed: missed.length };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@MessageBody() body: SubscribeRequest, @ConnectedSocket() socket: Socket) {
    if (typeof body?.room === 'string') {
      await socket.leave(body.room);
      await socket.leave(previewRoomOf(body.room));
    }
    return { ok: true };
  }

  /** A call's full room is for its signed-in owner; everyone else follows its preview room. */
  private async targetRoom(room: string, socket: Socket): Promise<string> {
    if (!room.startsWith('call:')) return room;
    const call = await this.runner.collection<CallDocument>('calls').findOne({ _id: room.slice('call:'.length) });
    const access = call ? callAccessFor(call, this.identityOf(socket).userId) : 'preview';
    return access === 'full' ? room : previewRoomOf(room);
  }

  private identityOf(socket: Socket): SocketIdentity {
    const auth = (socket.handshake.auth ?? {}) as { anonId?: unknown };
    const anonId = typeof auth.anonId === 'string' && isId(auth.anonId, 'anon_') ? parseId(auth.anonId, 'anon_') : null;
    const userId = (socket.data as { userId?: string }).userId ?? null;
    return { anonId, userId };
  }

  private async missedMessages(room: string, target: string, lastPosition: number): Promise<RealtimeMessage[]> {
    const messages: RealtimeMessage[] = [];
    for (const name of this.runner.projectionNames()) {
      try {
        const documents = (await this.runner
          .collection(name)
          .find({ _rooms: room, _position: { $gt: lastPosition } }, { sort: { _position: 1 }, limit: 500 })) as StoredDocument[];
        for (const document of documents) {
          const change = { projection: name, documentId: document._id, document, rooms: [room], position: document._position };
          messages.push(...messagesFor(change).filter((m) => m.target === target).map((m) => m.message));
        }
      } catch (error) {
        this.logger.warn(`Could not replay ${name} for a room: ${(error as Error).message}`);
      }
    }
    return messages.sort((a, b) => a.position - b.position);
  }
}
