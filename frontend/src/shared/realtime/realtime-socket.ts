import { SOCKET_IO_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@tiredash/contracts';
import { io, type Socket } from 'socket.io-client';
import { ResumeTracker } from './resume-tracker';

/** Events the connection itself reports (socket.io's reserved events). */
export interface ConnectionEvents {
  connect: () => void;
  disconnect: (reason: string) => void;
  connect_error: (err: Error) => void;
}

export type ListenEvents = ServerToClientEvents & ConnectionEvents;
export type ListenEventName = keyof ListenEvents;
export type EmitEventName = keyof ClientToServerEvents;

/**
 * The little of a Socket.IO client the SPA uses. The app talks to this interface only, so tests inject a
 * fake socket object and the real one is socket.io-client behind `createSocketIoConnection`.
 */
export interface RealtimeSocket {
  readonly connected: boolean;
  connect(): void;
  disconnect(): void;
  on<E extends ListenEventName>(event: E, listener: ListenEvents[E]): void;
  off<E extends ListenEventName>(event: E, listener: ListenEvents[E]): void;
  emit<E extends EmitEventName>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void;
}

/**
 * Makes a (not yet connected) socket. `token` is asked at every (re)connection: the access token is short-lived and
 * renewed, so a reconnection presents the newest one.
 */
export type RealtimeSocketFactory = (token: () => string | null) => RealtimeSocket;

/**
 * socket.io-client on the page's own origin at /socket.io (the gateway proxies it to the realtime service),
 * the JWT in the handshake's `auth.token` (a callback, read at each attempt) with `auth.resume` on a reconnection
 * (ResumeTracker), auto-connect off, reconnecting with backoff.
 */
export const createSocketIoConnection: RealtimeSocketFactory = (token) => {
  const tracker = new ResumeTracker();
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    path: SOCKET_IO_PATH,
    autoConnect: false,
    // A reconnection also says since when it may have missed bids and which it holds: realtime replays the rest.
    auth: (cb) => {
      const resume = tracker.resume();
      cb(resume ? { token: token() ?? '', resume } : { token: token() ?? '' });
    },
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
    transports: ['websocket', 'polling'],
  });
  socket.on('disconnect', () => tracker.disconnected());
  socket.on('new_bid', (bid) => tracker.received(bid.id));
  // socket.io-client's typed `on`/`off`/`emit` are overloaded per event; the adapter narrows them to our interface.
  const raw = socket as unknown as {
    on(event: string, fn: (...args: never[]) => void): void;
    off(event: string, fn: (...args: never[]) => void): void;
    emit(event: string, ...args: unknown[]): void;
  };
  return {
    get connected() {
      return socket.connected;
    },
    connect: () => void socket.connect(),
    disconnect: () => void socket.disconnect(),
    on: (event, listener) => raw.on(event, listener as (...args: never[]) => void),
    off: (event, listener) => raw.off(event, listener as (...args: never[]) => void),
    emit: (event, ...args) => raw.emit(event, ...args),
  };
};
