import { JobExtraAdded, JobExtraAnswered, SERVER_EVENTS, socketRooms, type EventPayload } from '@tiredash/contracts';
import { route, uniqueRooms, type FanoutRoute } from './emission';

/**
 * Extras (requests.evt.job-extra.added / .answered) -> `extra_service` to both parties: the customer's user room, the
 * provider's business and user rooms. Each screen merges the stored extra by id (its status says what happened).
 */
type ExtraEvent = EventPayload<typeof JobExtraAdded>;

const toBothParties = (p: ExtraEvent) => [
  {
    rooms: uniqueRooms([
      socketRooms.user(p.customerUserId),
      socketRooms.provider(p.providerId),
      p.providerUserId === null ? null : socketRooms.user(p.providerUserId),
    ]),
    event: SERVER_EVENTS.extraService,
    payload: p.extra,
  },
];

export const EXTRAS_ROUTES: FanoutRoute[] = [
  route(JobExtraAdded, 'realtime-job-extra-added', toBothParties),
  route(JobExtraAnswered, 'realtime-job-extra-answered', toBothParties),
];
