import type { AnyEventDef, EventPayload, ServerToClientEvents } from '@tiredash/contracts';

/** One socket emit: an event and its payload to the union of some rooms (each socket receives it once). */
export type Emission = {
  [K in keyof ServerToClientEvents]: { rooms: string[]; event: K; payload: Parameters<ServerToClientEvents[K]>[0] };
}[keyof ServerToClientEvents];

/** How one domain event becomes socket emits: its durable consumer and a pure mapping. */
export interface FanoutRoute<E extends AnyEventDef = AnyEventDef> {
  def: E;
  /** Durable JetStream consumer name, shared by every realtime replica (each event is handled by one). */
  durable: string;
  toEmissions(payload: EventPayload<E>): Emission[];
}

export function route<E extends AnyEventDef>(def: E, durable: string, toEmissions: (p: EventPayload<E>) => Emission[]): FanoutRoute {
  return { def, durable, toEmissions } as FanoutRoute;
}

export function uniqueRooms(rooms: Array<string | null>): string[] {
  return [...new Set(rooms.filter((r): r is string => r !== null))];
}
