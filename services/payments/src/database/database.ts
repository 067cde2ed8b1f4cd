import { InboxEntity, OutboxEntity } from '@tiredash/messaging';
import { PaymentAccountEntity } from '../accounts/payment-account.entity';
import { AuthorizationEntity } from '../authorizations/authorization.entity';
import { SavedCardEntity } from '../cards/saved-card.entity';
import { StripeCustomerEntity } from '../cards/stripe-customer.entity';
import { ProviderRefEntity } from '../read-model/provider-ref.entity';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { ScheduledHoldEntity } from '../scheduled-holds/scheduled-hold.entity';
import { TipEntity } from '../tips/tip.entity';
import { ExtraHoldEntity } from '../extras/extra-hold.entity';
import { RefundEntity } from '../refunds/refund.entity';
import { WalletEntryEntity } from '../wallet/wallet-entry.entity';
import { WalletEntity } from '../wallet/wallet.entity';
import { WithdrawalEntity } from '../wallet/withdrawal.entity';
import { WebhookEventEntity } from '../webhooks/webhook-event.entity';
import { InitPayments1767225700000 } from './migrations/1767225700000-InitPayments';
import { OutboxInbox1767225700001 } from './migrations/1767225700001-OutboxInbox';
import { RequestProgress1767600000000 } from './migrations/1767600000000-RequestProgress';
import { ProviderApproval1767600000001 } from './migrations/1767600000001-ProviderApproval';
import { OutboxHeaders1768100000000 } from './migrations/1768100000000-OutboxHeaders';
import { FeeSplits1768200000000 } from './migrations/1768200000000-FeeSplits';
import { Tips1768400000000 } from './migrations/1768400000000-Tips';
import { ExtraHolds1768600000002 } from './migrations/1768600000002-ExtraHolds';
import { ScheduledHolds1768700000000 } from './migrations/1768700000000-ScheduledHolds';
import { Refunds1768470000000 } from './migrations/1768470000000-Refunds';

export { PAYMENTS_SCHEMA } from './database.constants';

/** Every entity of the payments schema, the outbox and inbox of libs/messaging included. */
export const PAYMENTS_ENTITIES = [
  ProviderRefEntity,
  RequestRefEntity,
  StripeCustomerEntity,
  SavedCardEntity,
  AuthorizationEntity,
  PaymentAccountEntity,
  WalletEntity,
  WalletEntryEntity,
  WithdrawalEntity,
  WebhookEventEntity,
  TipEntity,
  ExtraHoldEntity,
  RefundEntity,
  ScheduledHoldEntity,
  OutboxEntity,
  InboxEntity,
];

/** Migrations in the order they run. */
export const PAYMENTS_MIGRATIONS = [
  InitPayments1767225700000,
  OutboxInbox1767225700001,
  RequestProgress1767600000000,
  ProviderApproval1767600000001,
  OutboxHeaders1768100000000,
  FeeSplits1768200000000,
  Tips1768400000000,
  Refunds1768470000000,
  ExtraHolds1768600000002,
  ScheduledHolds1768700000000,
];
