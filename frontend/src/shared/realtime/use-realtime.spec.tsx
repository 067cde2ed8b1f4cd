import type { JoinPayload } from '@tiredash/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SessionRenewalContext, type RenewOutcome } from '../api/session-renewal';
import { FakeRealtimeSocket } from './fake-realtime-socket';
import { RealtimeSocketFactoryContext } from './realtime-context';
import { useRealtimeConnection, useSocketEvent } from './use-realtime';

function setup(initial: { token: string | null; join: JoinPayload | null }) {
  const sockets: FakeRealtimeSocket[] = [];
  const factory = (token: () => string | null) => {
    const s = new FakeRealtimeSocket();
    s.tokens.push(token() ?? '');
    sockets.push(s);
    return s;
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RealtimeSocketFactoryContext.Provider value={factory}>{children}</RealtimeSocketFactoryContext.Provider>
  );
  const hook = renderHook(({ token, join }) => useRealtimeConnection(token, join), { wrapper, initialProps: initial });
  return { sockets, hook };
}

const joins = (s: FakeRealtimeSocket) => s.emitted.filter((e) => e.event === 'join').map((e) => e.args[0]);

describe('useRealtimeConnection', () => {
  it('makes no socket without a token', () => {
    const { sockets, hook } = setup({ token: null, join: null });
    expect(sockets).toHaveLength(0);
    expect(hook.result.current).toBeNull();
  });

  it('joins once per connection and again after a reconnect', () => {
    const join: JoinPayload = { userId: 'u1', role: 'customer', requestId: '00000000-0000-4000-8000-000000000001' };
    const { sockets } = setup({ token: 't1', join });
    const s = sockets[0];
    expect(s.tokens).toEqual(['t1']);
    expect(joins(s)).toEqual([join]);
    act(() => {
      s.connected = false;
      s.connect();
    });
    expect(joins(s)).toEqual([join, join]);
  });

  it('sends a changed join payload and replaces the socket when the token changes', () => {
    const { sockets, hook } = setup({ token: 't1', join: { userId: 'u1', role: 'provider' } });
    hook.rerender({ token: 't1', join: { userId: 'b1', role: 'provider' } });
    expect(joins(sockets[0])).toEqual([
      { userId: 'u1', role: 'provider' },
      { userId: 'b1', role: 'provider' },
    ]);
    hook.rerender({ token: 't2', join: { userId: 'b1', role: 'provider' } });
    expect(sockets).toHaveLength(2);
    expect(sockets[0].connected).toBe(false);
    expect(sockets[1].tokens).toEqual(['t2']);
  });

  it('delivers events to the latest handler and unsubscribes on unmount', () => {
    const s = new FakeRealtimeSocket();
    const seen: string[] = [];
    const hook = renderHook(({ tag }) => useSocketEvent(s, 'driver_location', (p) => seen.push(`${tag}:${p.lat}`)), {
      initialProps: { tag: 'a' },
    });
    s.deliver('driver_location', { lat: 1, lng: 2 });
    hook.rerender({ tag: 'b' });
    s.deliver('driver_location', { lat: 3, lng: 4 });
    expect(seen).toEqual(['a:1', 'b:3']);
    hook.unmount();
    expect(s.listenerCount('driver_location')).toBe(0);
  });

  describe('when the server ends the session of a socket', () => {
    function withRenewal(outcome: RenewOutcome) {
      const sockets: FakeRealtimeSocket[] = [];
      const getters: (() => string | null)[] = [];
      const factory = (token: () => string | null) => {
        const s = new FakeRealtimeSocket();
        s.tokens.push(token() ?? '');
        getters.push(token);
        sockets.push(s);
        return s;
      };
      const renew = jest.fn(() => Promise.resolve(outcome));
      const wrapper = ({ children }: { children: ReactNode }) => (
        <SessionRenewalContext.Provider value={renew}>
          <RealtimeSocketFactoryContext.Provider value={factory}>{children}</RealtimeSocketFactoryContext.Provider>
        </SessionRenewalContext.Provider>
      );
      const hook = renderHook(({ token }: { token: string | null }) => useRealtimeConnection(token, null), { wrapper, initialProps: { token: 't1' } });
      return { sockets, getters, renew, hook };
    }

    it('renews the session once when its token expired or was revoked, and connects again with the new token', async () => {
      const { sockets, getters, renew, hook } = withRenewal('renewed');
      act(() => sockets[0].deliver('disconnect', 'io server disconnect'));
      act(() => sockets[0].deliver('disconnect', 'io server disconnect'));
      await act(async () => Promise.resolve());
      expect(renew).toHaveBeenCalledTimes(1);
      // The renewal stored a new token: a new socket presents it, the handshake asks the newest one each time.
      hook.rerender({ token: 't2' });
      expect(sockets).toHaveLength(2);
      expect(sockets[1].tokens).toEqual(['t2']);
      expect(getters[1]()).toBe('t2');
      hook.rerender({ token: 't3' });
      expect(getters[2]()).toBe('t3');
    });

    it('renews when the handshake refuses the token; a dropped transport is left to socket.io', async () => {
      const { sockets, renew } = withRenewal('renewed');
      act(() => sockets[0].deliver('disconnect', 'transport close'));
      expect(renew).not.toHaveBeenCalled();
      jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      act(() => sockets[0].deliver('connect_error', new Error('unauthorized')));
      await act(async () => Promise.resolve());
      expect(renew).toHaveBeenCalledTimes(1);
    });

    it('stays down when the session ended (the app signs out), and retries later when the server was unreachable', async () => {
      jest.useFakeTimers();
      try {
        const ended = withRenewal('ended');
        act(() => ended.sockets[0].deliver('disconnect', 'io server disconnect'));
        ended.sockets[0].connected = false;
        await act(async () => Promise.resolve());
        act(() => jest.advanceTimersByTime(10_000));
        expect(ended.sockets[0].connected).toBe(false);

        const offline = withRenewal('unreachable');
        offline.sockets[0].connected = false;
        act(() => offline.sockets[0].deliver('disconnect', 'io server disconnect'));
        await act(async () => Promise.resolve());
        act(() => jest.advanceTimersByTime(10_000));
        expect(offline.sockets[0].connected).toBe(true);
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
