import { CompletionReported, CustomerNoShow, ProviderArrived, RequestConfirmed, SERVER_EVENTS, socketRooms } from '@tiredash/contracts';
import { route, uniqueRooms, type FanoutRoute } from './emission';

/**
 * Job progress (requests.evt.request.arrived/completion-reported/confirmed) -> socket events: `provider_arrived`
 * and `job_completed` to the customer, `job_confirmed` to the provider (business and user rooms).
 */
export const JOB_ROUTES: FanoutRoute[] = [
  route(ProviderArrived, 'realtime-request-arrived', (p) => [
    {
      rooms: [socketRooms.user(p.customerUserId)],
      event: SERVER_EVENTS.providerArrived,
      payload: { requestId: p.requestId, customerId: p.customerId, providerId: p.providerId, arrivedAt: p.arrivedAt },
    },
  ]),

  route(CompletionReported, 'realtime-request-completion-reported', (p) => [
    {
      rooms: [socketRooms.user(p.customerUserId)],
      event: SERVER_EVENTS.jobCompleted,
      payload: { requestId: p.requestId, providerId: p.providerId, customerId: p.customerId, completedAt: p.completedAt },
    },
  ]),

  route(RequestConfirmed, 'realtime-request-confirmed', (p) => [
    {
      rooms: uniqueRooms([socketRooms.provider(p.providerId), p.providerUserId === null ? null : socketRooms.user(p.providerUserId)]),
      event: SERVER_EVENTS.jobConfirmed,
      payload: { requestId: p.requestId, customerId: p.customerId, confirmedAt: p.confirmedAt, paymentMethod: p.paymentMethod },
    },
  ]),

  // The provider marked the customer absent: both parties' screens show the outcome (the fee, 0 for cash).
  route(CustomerNoShow, 'realtime-request-no-show', (p) => [
    {
      rooms: uniqueRooms([
        socketRooms.user(p.customerUserId),
        socketRooms.provider(p.providerId),
        p.providerUserId === null ? null : socketRooms.user(p.providerUserId),
      ]),
      event: SERVER_EVENTS.customerNoShow,
      payload: {
        requestId: p.requestId,
        customerId: p.customerId,
        providerId: p.providerId,
        tireStatus: 'Customer No-Show' as const,
        paymentMethod: p.paymentMethod,
        fee: p.feeCents / 100,
        noShowAt: p.noShowAt,
      },
    },
  ]),
];
