import type { JobView } from '@tiredash/contracts';
import { waitFor } from '@tiredash/testing';
import { io } from 'socket.io-client';
import type { GatewayStack } from './gateway-harness';

/** The address of the requests these tests post (500 Market St): where a provider who is there streams from. */
export const JOB_ADDRESS = { lat: 37.79, lng: -122.4 } as const;

/**
 * The provider's app streams `point` for its accepted job, as the tracking screen does (a socket on the realtime
 * service, `join` with the request, `driver_location_update`), until dispatch shows it as the job's latest position:
 * 'I AM HERE' is then checked against it. Needs the stack's 'dispatch' service.
 */
export async function streamPosition(
  s: GatewayStack,
  provider: { token: string; providerId: string },
  requestId: string,
  point: { lat: number; lng: number } = JOB_ADDRESS,
): Promise<void> {
  const socket = io(s.realtimeUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: provider.token } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const joined = (await socket.timeout(10_000).emitWithAck('join', { userId: provider.providerId, role: 'provider', requestId })) as { ok: boolean };
    if (!joined.ok) throw new Error(`join ${requestId}: ${JSON.stringify(joined)}`);
    // Dispatch opens the job from the acceptance event: it may be a moment behind the accept's answer.
    const job = await waitFor(
      async () => {
        const r = await s.request<{ data: JobView }>('GET', `/api/dispatch/jobs/${requestId}`, { token: provider.token });
        return r.status === 200 ? r : null;
      },
      { message: `the job ${requestId} in dispatch` },
    );
    await waitFor(
      async () => {
        socket.emit('driver_location_update', { ...point, customerId: job.body.data.customerId, requestId, at: Date.now() });
        const now = await s.request<{ data: JobView }>('GET', `/api/dispatch/jobs/${requestId}`, { token: provider.token });
        // Dispatch keeps the point in Redis as JSON of 14 significant digits: the same point, not the same bits.
        const latest = now.body.data?.latest;
        return !!latest && Math.abs(latest.lat - point.lat) < 1e-6 && Math.abs(latest.lng - point.lng) < 1e-6;
      },
      { message: `the provider's position ${point.lat},${point.lng} reaching dispatch`, intervalMs: 250 },
    );
  } finally {
    socket.close();
  }
}
