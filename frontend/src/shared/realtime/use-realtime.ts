import { SOCKET_UNAUTHORIZED, type JoinPayload, type SocketAck } from '@tiredash/contracts';
import { useContext, useEffect, useRef, useState } from 'react';
import { SessionRenewalContext } from '../api/session-renewal';
import { RealtimeSocketFactoryContext } from './realtime-context';
import type { ListenEventName, ListenEvents, RealtimeSocket } from './realtime-socket';

/** How long a socket the server ended waits before it tries again when the session could not be renewed (offline). */
export const SOCKET_RETRY_MS = 5000;

/**
 * One socket for the signed-in user while the calling screen is mounted: made for the token, connected,
 * and on every (re)connect it emits `join` with the given payload (the server derives the rooms from the
 * token and only checks `join` against it). A connect_error is logged (spec section 7).
 *
 * The server ends a socket when its token expires or its session is revoked ('io server disconnect'), and refuses a
 * handshake with such a token ('unauthorized'); socket.io does not retry either. The hook then renews the session
 * once (the refresh cookie): the new token replaces the socket; a session that cannot be renewed ends (to /login).
 */
export function useRealtimeConnection(token: string | null, join: JoinPayload | null): RealtimeSocket | null {
  const factory = useContext(RealtimeSocketFactoryContext);
  const renew = useContext(SessionRenewalContext);
  const renewRef = useRef(renew);
  renewRef.current = renew;
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const [socket, setSocket] = useState<RealtimeSocket | null>(null);
  const joinRef = useRef(join);
  joinRef.current = join;
  const joinKey = join ? `${join.userId}|${join.role}|${join.requestId ?? ''}` : '';
  const keyRef = useRef(joinKey);
  keyRef.current = joinKey;
  /** The join payload the current connection has sent (a reconnect is a new server-side socket: it joins again). */
  const sentKey = useRef<string | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    const s = factory(() => tokenRef.current);
    let disposed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let renewing = false;
    /** The server ended this socket's session: renew it; a new token replaces this socket (the effect runs again). */
    const recover = () => {
      const doRenew = renewRef.current;
      if (renewing || !doRenew) return;
      renewing = true;
      void doRenew().then((outcome) => {
        renewing = false;
        if (disposed || outcome === 'ended') return;
        // Not renewed (offline), or renewed to a token equal to ours: try again later with the newest token.
        if (outcome === 'unreachable' || tokenRef.current === token) retry = setTimeout(() => !disposed && !s.connected && s.connect(), SOCKET_RETRY_MS);
      });
    };
    const onDisconnect = (reason: string) => {
      if (reason === 'io server disconnect') recover();
    };
    const sendJoin = () => {
      const payload = joinRef.current;
      if (!payload) return;
      sentKey.current = keyRef.current;
      s.emit('join', payload, (ack: SocketAck) => {
        if (!ack.ok) console.warn(`Realtime join refused: ${ack.error.code} ${ack.error.message}`);
      });
    };
    const onError = (err: Error) => {
      console.warn(`Realtime connection error: ${err.message}`);
      if (err.message === SOCKET_UNAUTHORIZED) recover();
    };
    s.on('connect', sendJoin);
    s.on('connect_error', onError);
    s.on('disconnect', onDisconnect);
    setSocket(s);
    s.connect();
    return () => {
      disposed = true;
      clearTimeout(retry);
      s.off('connect', sendJoin);
      s.off('connect_error', onError);
      s.off('disconnect', onDisconnect);
      s.disconnect();
      setSocket(null);
    };
  }, [factory, token]);

  // A join payload that changes while connected (e.g. the business id arrived) is sent again.
  useEffect(() => {
    const payload = joinRef.current;
    if (!socket || !payload || !socket.connected || sentKey.current === joinKey) return;
    sentKey.current = joinKey;
    socket.emit('join', payload, (ack: SocketAck) => {
      if (!ack.ok) console.warn(`Realtime join refused: ${ack.error.code} ${ack.error.message}`);
    });
  }, [socket, joinKey]);

  return socket;
}

/** Calls the latest `handler` for each `event` the socket receives while mounted. */
export function useSocketEvent<E extends ListenEventName>(socket: RealtimeSocket | null, event: E, handler: ListenEvents[E]): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (!socket) return undefined;
    const listener = ((...args: Parameters<ListenEvents[E]>) =>
      (ref.current as (...a: Parameters<ListenEvents[E]>) => void)(...args)) as ListenEvents[E];
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }, [socket, event]);
}
