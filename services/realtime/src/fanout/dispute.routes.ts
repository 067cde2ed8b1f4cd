import { DisputeOpened, RefundSucceeded, SERVER_EVENTS, socketRooms } from '@tiredash/contracts';
import { route, uniqueRooms, type FanoutRoute } from './emission';

/**
 * Disputes and refunds (issue 13 item 7): a reported problem -> `problem_reported` to every admin's sockets (the
 * `admins` room); a refund of a job's card payment -> `job_refunded` to both parties (the customer's user room, the
 * provider's business room), in dollars.
 */
export const DISPUTE_ROUTES: FanoutRoute[] = [
  route(DisputeOpened, 'realtime-dispute-opened', (p) => [
    {
      rooms: [socketRooms.admins()],
      event: SERVER_EVENTS.problemReported,
      payload: { reportId: p.disputeId, requestId: p.requestId, reporterRole: p.reporterRole, category: p.category, openedAt: p.openedAt },
    },
  ]),
  route(RefundSucceeded, 'realtime-refund-succeeded', (p) => [
    {
      rooms: uniqueRooms([socketRooms.user(p.customerUserId), socketRooms.provider(p.providerId)]),
      event: SERVER_EVENTS.jobRefunded,
      payload: {
        requestId: p.requestId,
        refundId: p.refundId,
        amount: p.amountCents / 100,
        refundedTotal: p.refundedTotalCents / 100,
        providerReversal: p.providerReversalCents / 100,
        refundedAt: p.refundedAt,
      },
    },
  ]),
];
