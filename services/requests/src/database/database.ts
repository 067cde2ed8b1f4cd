import { InboxEntity, OutboxEntity } from '@tiredash/messaging';
import { JobMessageEntity } from '../job-chat/entities/job-message.entity';
import { BidEntity } from '../bids/entities/bid.entity';
import { OfferEntity } from '../matching/entities/offer.entity';
import { CustomerProfileEntity } from '../read-models/entities/customer-profile.entity';
import { ProviderProfileEntity } from '../read-models/entities/provider-profile.entity';
import { ProviderStatsEntity } from '../ratings/entities/provider-stats.entity';
import { RatingEntity } from '../ratings/entities/rating.entity';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { InitRequests1767312000000 } from './migrations/1767312000000-InitRequests';
import { OutboxInbox1767312000001 } from './migrations/1767312000001-OutboxInbox';
import { JobProgressRatings1767400000000 } from './migrations/1767400000000-JobProgressRatings';
import { Supply1767600000000 } from './migrations/1767600000000-Supply';
import { TireSizes1767600000001 } from './migrations/1767600000001-TireSizes';
import { OutboxHeaders1768100000000 } from './migrations/1768100000000-OutboxHeaders';
import { JobChat1768300000000 } from './migrations/1768300000000-JobChat';

export { REQUESTS_SCHEMA } from './database.constants';

/** Every entity of the requests schema, the outbox and inbox of libs/messaging included. */
export const REQUESTS_ENTITIES = [
  ServiceRequestEntity,
  BidEntity,
  OfferEntity,
  CustomerProfileEntity,
  ProviderProfileEntity,
  RatingEntity,
  ProviderStatsEntity,
  JobMessageEntity,
  OutboxEntity,
  InboxEntity,
];

/** Migrations in the order they run. */
export const REQUESTS_MIGRATIONS = [InitRequests1767312000000, OutboxInbox1767312000001, JobProgressRatings1767400000000, Supply1767600000000, TireSizes1767600000001, OutboxHeaders1768100000000, JobChat1768300000000];
