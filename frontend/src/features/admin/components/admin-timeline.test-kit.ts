import type { DisputeView } from '@tiredash/contracts';
import { IDS } from '../../tracking/tracking.test-kit';
import type { AdminRequestTimeline } from '../disputes-api';

export const REPORT_ID = '00000000-0000-4000-8000-0000000f0001';

export function aReport(over: Partial<DisputeView> = {}): DisputeView {
  return {
    id: REPORT_ID,
    documentId: REPORT_ID,
    requestId: IDS.request,
    reporterRole: 'customer',
    reporterUserId: IDS.customerUser,
    reporterName: 'Casey Customer',
    category: 'service_quality',
    description: 'The spare was not tightened properly',
    status: 'open',
    requestStatus: 'Service Completed',
    resolutionNote: null,
    resolvedAt: null,
    createdAt: '2030-01-01T11:00:00.000Z',
    ...over,
  };
}

/** A request's admin timeline: a cash job by default (no refund form), or `card` with a $100 capture. */
export function aTimeline(over: { card?: boolean; reports?: DisputeView[]; refundable?: number | null } = {}): AdminRequestTimeline {
  const card = over.card ?? false;
  return {
    requestId: IDS.request,
    status: 'Service Completed',
    paymentMethod: card ? 'card' : 'cash',
    customerUserId: IDS.customerUser,
    customerName: 'Casey Customer',
    providerId: IDS.provider,
    amount: 90,
    statuses: [
      { status: 'Bids Open', at: '2030-01-01T09:00:00.000Z', by: 'customer', note: null },
      { status: 'Accepted', at: '2030-01-01T09:02:00.000Z', by: 'customer', note: null },
      { status: 'In Progress', at: '2030-01-01T09:20:00.000Z', by: 'provider', note: '35 m from the job address' },
      { status: 'Service Completed', at: '2030-01-01T10:00:00.000Z', by: 'customer', note: null },
    ],
    bids: [{ id: IDS.bid, providerId: IDS.provider, providerName: 'Rapid Roadside Tires', amount: 90, estimatedArrival: 15, status: 'accepted', createdAt: '2030-01-01T09:01:00.000Z' }],
    reports: over.reports ?? [],
    location: {
      requestId: IDS.request,
      found: true,
      origin: { lat: 30.27, lng: -97.74 },
      destination: { lat: 30.28, lng: -97.74, address: 'Congress Ave' },
      startDistanceMiles: 0.69,
      trackPoints: 12,
      firstPointAt: '2030-01-01T09:03:00.000Z',
      lastPointAt: '2030-01-01T09:19:00.000Z',
      trackMiles: 0.8,
      lastPointToJobMiles: 0.02,
      acceptedAt: '2030-01-01T09:02:00.000Z',
      arrivedAt: '2030-01-01T09:20:00.000Z',
      minutesToArrive: 18,
      completedAt: '2030-01-01T09:50:00.000Z',
      cancelledAt: null,
    },
    payments: {
      requestId: IDS.request,
      paymentMethod: card ? 'card' : 'cash',
      holds: card ? [{ paymentIntentId: 'pi_1', amount: 100, status: 'succeeded', createdAt: '2030-01-01T08:59:00.000Z', updatedAt: '2030-01-01T10:00:00.000Z' }] : [],
      captured: card ? 100 : null,
      capturedAt: card ? '2030-01-01T10:00:00.000Z' : null,
      cancellationFee: null,
      tip: null,
      refunds: [],
      refundedTotal: 0,
      refundable: card ? (over.refundable === undefined ? 100 : over.refundable) : null,
      walletEntries: card ? [{ kind: 'job_credit', amount: 72, createdAt: '2030-01-01T10:00:01.000Z' }] : [],
    },
    messages: [],
  };
}
