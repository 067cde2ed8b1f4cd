import { SERVER_EVENTS, ScheduledHoldChanged, socketRooms } from '@tiredash/contracts';
import { route, uniqueRooms, type FanoutRoute } from './emission';

/**
 * Scheduled holds (payments.evt.scheduled-hold.changed) -> `payment_hold_updated` to the customer's user room and the
 * accepted provider's business room (and the request's room): the off-session hold was placed, failed or lapsed.
 * Both screens refetch the request's scheduled hold; the customer's says how to fix a failure, the provider's that the
 * payment is pending.
 */
export const SCHEDULED_HOLD_ROUTES: FanoutRoute[] = [
  route(ScheduledHoldChanged, 'realtime-scheduled-hold-changed', (p) => [
    {
      rooms: uniqueRooms([socketRooms.user(p.customerUserId), p.providerId === null ? null : socketRooms.provider(p.providerId)]),
      event: SERVER_EVENTS.paymentHoldUpdated,
      payload: { requestId: p.requestId, status: p.status, failureCode: p.failureCode },
    },
  ]),
];
