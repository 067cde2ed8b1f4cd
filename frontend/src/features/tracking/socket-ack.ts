import type { ClientToServerEvents, SocketAck } from '@tiredash/contracts';
import type { RealtimeSocket } from '../../shared/realtime/realtime-socket';
import { trackingSocketMessages } from '../../shared/i18n/locales/en/tracking';

/** How long a job event waits for the server's acknowledgement. */
export const ACK_TIMEOUT_MS = 10_000;

type AckedEvent = 'arrived' | 'job_completed';

/** The server refused a job event: its error code, and its message (English, as the server writes it). */
export class SocketRefusal extends Error {
  override readonly name = 'SocketRefusal';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Emits a job event and resolves with the server's acknowledgement (a refusal or a timeout rejects). */
export function emitWithAck<E extends AckedEvent>(
  socket: RealtimeSocket | null,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<void> {
  if (!socket || !socket.connected) return Promise.reject(new Error(trackingSocketMessages.get().notConnected));
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(trackingSocketMessages.get().noAnswer)), timeoutMs);
    const ack = (a: SocketAck) => {
      clearTimeout(timer);
      if (a.ok) resolve();
      else reject(new SocketRefusal(a.error.code, a.error.message));
    };
    // The two events share one payload-and-ack signature shape; the union is narrowed by `event`.
    const emit = socket.emit.bind(socket) as (e: AckedEvent, p: typeof payload, cb: (a: SocketAck) => void) => void;
    emit(event, payload, ack);
  });
}
