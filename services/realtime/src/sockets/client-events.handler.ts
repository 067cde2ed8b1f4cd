import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CLIENT_EVENTS,
  CancelServiceRequest,
  DomainError,
  MarkArrived,
  ReportCompletion,
  SERVER_EVENTS,
  clientEchoPayloadSchema,
  joinPayloadSchema,
  jobConfirmedClientPayloadSchema,
  socketRooms,
  type ErrorCode,
  type SocketAck,
  type SocketErrorCode,
} from '@tiredash/contracts';
import { MessagingClient } from '@tiredash/messaging';
import { z } from 'zod';
import { REALTIME_CONFIG } from '../common/realtime-config.token';
import type { RealtimeConfig } from '../config';
import { LocationStream } from './location-stream.service';
import { ProfileDirectory } from './profile-directory.service';
import { RequestMembership } from './request-membership.service';
import type { RealtimeSocket } from './socket-server.service';

type Ack = (a: SocketAck) => void;

const requestRefSchema = z.object({ requestId: z.string().uuid().optional() }).passthrough();

/** How the requests service's refusals reach the socket (anything else is an internal error). */
const REFUSAL_BY_CODE: Partial<Record<ErrorCode, SocketErrorCode>> = {
  NOT_FOUND: 'NOT_FOUND',
  NOT_OWNER: 'FORBIDDEN',
  FORBIDDEN: 'FORBIDDEN',
  ROLE_NOT_ALLOWED: 'FORBIDDEN',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  CONFLICT: 'CONFLICT',
  UNAVAILABLE: 'UNAVAILABLE',
  TIMEOUT: 'UNAVAILABLE',
};

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
    private readonly locations: LocationStream,
    private readonly messaging: MessagingClient,
    @Inject(REALTIME_CONFIG) private readonly config: RealtimeConfig,
  ) {}

  register(socket: RealtimeSocket): void {
    socket.on(CLIENT_EVENTS.join, (payload: unknown, ack?: Ack) => {
      void this.run(socket, CLIENT_EVENTS.join, ack, () => this.join(socket, payload));
    });
    // The live location stream: its own cheap path (no `error` event per dropped point, only the ack).
    socket.on(CLIENT_EVENTS.driverLocationUpdate, (payload: unknown, ack?: Ack) => {
      void this.locations.handle(socket, payload).then(
        (answer) => {
          if (typeof ack === 'function') ack(answer);
        },
        (err: unknown) => this.logger.error(`driver_location_update from ${socket.data.actor.userId} failed: ${err instanceof Error ? err.message : String(err)}`),
      );
    });
    // Job progress from the provider's screen: commands of the requests service, as the socket's user. What the
    // other side receives (provider_arrived, job_completed, job_canceled) comes from the resulting domain events.
    const commands: Array<[string, typeof MarkArrived | typeof ReportCompletion | typeof CancelServiceRequest]> = [
      [CLIENT_EVENTS.arrived, MarkArrived],
      [CLIENT_EVENTS.jobCompleted, ReportCompletion],
      [CLIENT_EVENTS.jobCanceled, CancelServiceRequest],
    ];
    for (const [event, def] of commands) {
      (socket.on as (ev: string, fn: (p: unknown, ack?: Ack) => void) => void)(event, (payload, ack) => {
        void this.run(socket, event, ack, () => this.command(socket, event, def, payload));
      });
    }
    const echoes: Array<[string, z.ZodTypeAny]> = [
      [CLIENT_EVENTS.newRequest, clientEchoPayloadSchema],
      [CLIENT_EVENTS.newBid, clientEchoPayloadSchema],
      [CLIENT_EVENTS.bidSelected, clientEchoPayloadSchema],
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

  /**
   * `arrived`, `job_completed`, `job_canceled {requestId}`: the requests command as the socket's user (only the
   * job's provider may mark arrival or completion; the customer or the accepted provider may cancel). A
   * `job_canceled` without a requestId is an echo of a cancel already made over HTTP: acknowledged, not relayed.
   */
  private async command(
    socket: RealtimeSocket,
    event: string,
    def: typeof MarkArrived | typeof ReportCompletion | typeof CancelServiceRequest,
    raw: unknown,
  ): Promise<SocketAck> {
    const parsed = requestRefSchema.safeParse(raw);
    if (!parsed.success || parsed.data.requestId === undefined) {
      if (def === CancelServiceRequest && clientEchoPayloadSchema.safeParse(raw).success) return { ok: true, relayed: false };
      throw new Refusal('VALIDATION_FAILED', `${event} needs {requestId}`);
    }
    try {
      await this.messaging.send(def, { actor: socket.data.actor, requestId: parsed.data.requestId }, { timeoutMs: this.config.rpcTimeoutMs });
    } catch (err) {
      const code = err instanceof DomainError ? REFUSAL_BY_CODE[err.code] : undefined;
      if (err instanceof DomainError && code) throw new Refusal(code, err.message);
      throw err;
    }
    return { ok: true, relayed: true };
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
