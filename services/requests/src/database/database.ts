import { InboxEntity, OutboxEntity } from '@tiredash/messaging';
import { JobMessageEntity } from '../job-chat/entities/job-message.entity';
import { JobExtraEntity } from '../extras/entities/job-extra.entity';
import { DisputeEntity } from '../disputes/entities/dispute.entity';
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
import { JobExtras1768600000001 } from './migrations/1768600000001-JobExtras';
import { Disputes1768470000000 } from './migrations/1768470000000-Disputes';
import { NoShows1768400000002 } from './migrations/1768400000002-NoShows';

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
  JobExtraEntity,
  DisputeEntity,
  OutboxEntity,
  InboxEntity,
];

/** Migrations in the order they run. */
export const REQUESTS_MIGRATIONS = [InitRequests1767312000000, OutboxInbox1767312000001, JobProgressRatings1767400000000, Supply1767600000000, TireSizes1767600000001, OutboxHeaders1768100000000, JobChat1768300000000, NoShows1768400000002, Disputes1768470000000, JobExtras1768600000001];
