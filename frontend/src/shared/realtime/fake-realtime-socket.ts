import type { EmitEventName, ListenEventName, ListenEvents, RealtimeSocket } from './realtime-socket';

/** A socket object for tests: records emits and lets the test deliver server events. Not a mock of the server. */
export class FakeRealtimeSocket implements RealtimeSocket {
  connected = false;
  readonly emitted: { event: EmitEventName; args: unknown[] }[] = [];
  readonly tokens: string[] = [];
  private readonly listeners = new Map<string, Set<(...args: never[]) => void>>();

  connect(): void {
    this.connected = true;
    this.deliver('connect');
  }

  disconnect(): void {
    this.connected = false;
  }

  on<E extends ListenEventName>(event: E, listener: ListenEvents[E]): void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (...args: never[]) => void);
    this.listeners.set(event, set);
  }

  off<E extends ListenEventName>(event: E, listener: ListenEvents[E]): void {
    this.listeners.get(event)?.delete(listener as (...args: never[]) => void);
  }

  emit(event: EmitEventName, ...args: unknown[]): void {
    this.emitted.push({ event, args });
    const ack = args[1];
    if (event === 'join' && typeof ack === 'function') (ack as (a: { ok: true }) => void)({ ok: true });
  }

  /** Delivers a server event to the listeners, as socket.io would. */
  deliver<E extends ListenEventName>(event: E, ...args: Parameters<ListenEvents[E]>): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) (fn as (...a: Parameters<ListenEvents[E]>) => void)(...args);
  }

  listenerCount(event: ListenEventName): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}
