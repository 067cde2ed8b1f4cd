import { JobMessageSent, SERVER_EVENTS, socketRooms } from '@tiredash/contracts';
import { route, uniqueRooms, type FanoutRoute } from './emission';

/**
 * Job chat (requests.evt.job-message.sent) -> `job_message` to both parties: the customer's user room, the provider's
 * business and user rooms (a socket in several of them receives one copy). The sender gets it too, so its other
 * tabs and devices show the message; the sending screen already has it from the POST answer and merges by id.
 */
export const JOB_CHAT_ROUTES: FanoutRoute[] = [
  route(JobMessageSent, 'realtime-job-message-sent', (p) => [
    {
      rooms: uniqueRooms([
        socketRooms.user(p.customerUserId),
        socketRooms.provider(p.providerId),
        p.providerUserId === null ? null : socketRooms.user(p.providerUserId),
      ]),
      event: SERVER_EVENTS.jobMessage,
      payload: p.message,
    },
  ]),
];
