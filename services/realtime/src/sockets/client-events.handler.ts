import { Injectable, Logger } from '@nestjs/common';
import {
  CLIENT_EVENTS,
  DomainError,
  SERVER_EVENTS,
  clientEchoPayloadSchema,
  joinPayloadSchema,
  jobConfirmedClientPayloadSchema,
  socketRooms,
  type SocketAck,
  type SocketErrorCode,
} from '@tiredash/contracts';
import type { z } from 'zod';
import { ProfileDirectory } from './profile-directory.service';
import { RequestMembership } from './request-membership.service';
import type { RealtimeSocket } from './socket-server.service';

type Ack = (a: SocketAck) => void;

class Refusal extends Error {
  constructor(
    readonly code: SocketErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Client -> server events. `join` is checked against the verified token (never trusted alone). The client
 * echoes of changes it made over HTTP are validated and acknowledged but not relayed: what other users
 * receive comes from the domain events, so a client cannot forge a `new_bid` or a `job_canceled`.
 */
@Injectable()
export class ClientEventsHandler {
  private readonly logger = new Logger(ClientEventsHandler.name);

  constructor(
    private readonly profiles: ProfileDirectory,
    private readonly membership: RequestMembership,
  ) {}

  register(socket: RealtimeSocket): void {
    socket.on(CLIENT_EVENTS.join, (payload: unknown, ack?: Ack) => {
      void this.run(socket, CLIENT_EVENTS.join, ack, () => this.join(socket, payload));
    });
    const echoes: Array<[string, z.ZodTypeAny]> = [
      [CLIENT_EVENTS.newRequest, clientEchoPayloadSchema],
      [CLIENT_EVENTS.newBid, clientEchoPayloadSchema],
      [CLIENT_EVENTS.bidSelected, clientEchoPayloadSchema],
      [CLIENT_EVENTS.jobCanceled, clientEchoPayloadSchema],
      [CLIENT_EVENTS.jobConfirmed, jobConfirmedClientPayloadSchema],
    ];
    for (const [event, schema] of echoes) {
      // The typed `on` is keyed by event name; these share one handler shape.
      (socket.on as (ev: string, fn: (p: unknown, ack?: Ack) => void) => void)(event, (payload, ack) => {
        void this.run(socket, event, ack, () => {
          if (!schema.safeParse(payload).success) throw new Refusal('VALIDATION_FAILED', `Invalid ${event} payload`);
          return Promise.resolve<SocketAck>({ ok: true, relayed: false });
        });
      });
    }
  }

  /** Runs one client event: answers the ack (when given) and, on refusal, also emits `error`. */
  private async run(socket: RealtimeSocket, event: string, ack: Ack | undefined, fn: () => Promise<SocketAck>): Promise<void> {
    let answer: SocketAck;
    try {
      answer = await fn();
    } catch (err) {
      const refusal =
        err instanceof Refusal
          ? err
          : err instanceof DomainError && (err.code === 'UNAVAILABLE' || err.code === 'TIMEOUT')
            ? new Refusal('UNAVAILABLE', 'Service temporarily unavailable, try again')
            : null;
      if (!refusal) this.logger.error(`${event} from ${socket.data.actor.userId} failed: ${err instanceof Error ? err.message : String(err)}`);
      const code = refusal?.code ?? 'UNAVAILABLE';
      const message = refusal?.message ?? 'Internal error';
      socket.emit(SERVER_EVENTS.error, { event, code, message });
      answer = { ok: false, error: { code, message } };
    }
    if (typeof ack === 'function') ack(answer);
  }

  private async join(socket: RealtimeSocket, raw: unknown): Promise<SocketAck> {
    const parsed = joinPayloadSchema.safeParse(raw);
    if (!parsed.success) throw new Refusal('VALIDATION_FAILED', 'join needs {userId, role}');
    const { userId, role, requestId } = parsed.data;
    const actor = socket.data.actor;
    if (role !== actor.role) throw new Refusal('FORBIDDEN', 'role does not match the token');

    let businessId = socket.data.businessId;
    if (actor.role === 'provider' && businessId === null) {
      // The business may have been created after this socket connected.
      businessId = (await this.profiles.lookup(actor, { fresh: true })).businessId;
    }
    // The spec's provider joins with its business id; everyone else with the user id.
    if (userId !== actor.userId && !(actor.role === 'provider' && businessId !== null && userId === businessId)) {
      throw new Refusal('FORBIDDEN', 'userId does not match the token');
    }

    const rooms = [socketRooms.user(actor.userId)];
    if (actor.role === 'provider' && businessId !== null) rooms.push(socketRooms.provider(businessId));
    if (requestId !== undefined) {
      const member = await this.membership.isMember(actor, requestId);
      if (!member) throw new Refusal('FORBIDDEN', 'not a party to this request');
      rooms.push(socketRooms.request(requestId));
    }
    socket.data.businessId = businessId;
    await socket.join(rooms);
    return { ok: true, rooms };
  }
}
