import { InboxEntity, OutboxEntity } from '@tiredash/messaging';
import { AuditLogEntity } from '../audit/audit-log.entity';
import { MediaEntity } from '../media/media.entity';
import { PageEntity } from '../pages/page.entity';
import { ReportMoneyEntity, ReportProviderEntity, ReportRatingEntity, ReportRequestEntity } from '../reports/report.entities';
import { SettingsEntity } from '../settings/settings.entity';
import {
  KnownCompletionEntity,
  KnownCustomerEntity,
  KnownJobEntity,
  KnownProviderEntity,
  KnownRatingEntity,
} from '../stats/known-party.entity';
import { KnownDisputeEntity } from '../stats/known-dispute.entity';
import { InitContent1767400000000 } from './migrations/1767400000000-InitContent';
import { OutboxInbox1767400000001 } from './migrations/1767400000001-OutboxInbox';
import { RevenueRatings1767400000002 } from './migrations/1767400000002-RevenueRatings';
import { PaymentKeysFromEnvironment1767600000000 } from './migrations/1767600000000-PaymentKeysFromEnvironment';
import { UploadVisibility1767700000000 } from './migrations/1767700000000-UploadVisibility';
import { OutboxHeaders1768100000000 } from './migrations/1768100000000-OutboxHeaders';
import { FeeSettings1768200000000 } from './migrations/1768200000000-FeeSettings';
import { Reports1768500000000 } from './migrations/1768500000000-Reports';
import { KnownDisputes1768550000000 } from './migrations/1768550000000-KnownDisputes';

export { CONTENT_SCHEMA } from './database.constants';

/** Every entity of the content schema, the outbox and inbox of libs/messaging included. */
export const CONTENT_ENTITIES = [
  PageEntity,
  SettingsEntity,
  MediaEntity,
  AuditLogEntity,
  KnownCustomerEntity,
  KnownProviderEntity,
  KnownJobEntity,
  KnownCompletionEntity,
  KnownRatingEntity,
  KnownDisputeEntity,
  ReportRequestEntity,
  ReportMoneyEntity,
  ReportRatingEntity,
  ReportProviderEntity,
  OutboxEntity,
  InboxEntity,
];

/** Migrations in the order they run. */
export const CONTENT_MIGRATIONS = [
  InitContent1767400000000,
  OutboxInbox1767400000001,
  RevenueRatings1767400000002,
  PaymentKeysFromEnvironment1767600000000,
  UploadVisibility1767700000000,
  OutboxHeaders1768100000000,
  FeeSettings1768200000000,
  Reports1768500000000,
  KnownDisputes1768550000000,
];
