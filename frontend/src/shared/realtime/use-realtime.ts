import type { JoinPayload, SocketAck } from '@tiredash/contracts';
import { useContext, useEffect, useRef, useState } from 'react';
import { RealtimeSocketFactoryContext } from './realtime-context';
import type { ListenEventName, ListenEvents, RealtimeSocket } from './realtime-socket';

/**
 * One socket for the signed-in user while the calling screen is mounted: made for the token, connected,
 * and on every (re)connect it emits `join` with the given payload (the server derives the rooms from the
 * token and only checks `join` against it). A connect_error is only logged (spec section 7).
 */
export function useRealtimeConnection(token: string | null, join: JoinPayload | null): RealtimeSocket | null {
  const factory = useContext(RealtimeSocketFactoryContext);
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
    const s = factory(token);
    const sendJoin = () => {
      const payload = joinRef.current;
      if (!payload) return;
      sentKey.current = keyRef.current;
      s.emit('join', payload, (ack: SocketAck) => {
        if (!ack.ok) console.warn(`Realtime join refused: ${ack.error.code} ${ack.error.message}`);
      });
    };
    const onError = (err: Error) => console.warn(`Realtime connection error: ${err.message}`);
    s.on('connect', sendJoin);
    s.on('connect_error', onError);
    setSocket(s);
    s.connect();
    return () => {
      s.off('connect', sendJoin);
      s.off('connect_error', onError);
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
