import { Controller, Inject } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  AttachCustomerCard,
  AuthorizePayment,
  CapturePayment,
  CompleteOnboarding,
  CreateConnectAccount,
  CreateDashboardLink,
  CreatePaymentAccount,
  GetEarningsSummary,
  GetPaymentsConfig,
  GetStripeStatus,
  HandleStripeWebhook,
  ListPaymentAccounts,
  ListSavedCards,
  ListWalletTransactions,
  SetStripeStatus,
  UpdatePaymentAccount,
  VoidAuthorization,
  CheckCardHold,
  GetRequestPayment,
  type CardHoldView,
  type RequestPaymentView,
  TipJob,
  type TipView,
  Withdraw,
  type AttachCustomerView,
  type AuthorizationView,
  type CaptureView,
  type CommandParsed,
  type CreateAccountView,
  type EarningsSummaryView,
  type OnboardingAccountView,
  type PaymentAccountView,
  type PaymentsConfigView,
  type SavedCardView,
  type StripeStatusView,
  type VoidView,
  type WalletTransactionView,
  type WebhookResultView,
  type WithdrawalView,
} from '@tiredash/contracts';
import { AccountsService } from './accounts/accounts.service';
import { AuthorizationsService } from './authorizations/authorizations.service';
import { CardsService } from './cards/cards.service';
import { PAYMENTS_CONFIG } from './common/payments-config.token';
import { PaymentsError } from './common/payments-errors';
import type { PaymentsConfig } from './config';
import { ScheduledHoldsService } from './scheduled-holds/scheduled-holds.service';
import { TipsService } from './tips/tips.service';
import { WalletService } from './wallet/wallet.service';
import { WebhooksService } from './webhooks/webhooks.service';

/** payments.cmd.* request-reply handlers. */
@Controller()
export class PaymentsController {
  constructor(
    private readonly cards: CardsService,
    private readonly authorizations: AuthorizationsService,
    private readonly accounts: AccountsService,
    private readonly wallet: WalletService,
    private readonly webhooks: WebhooksService,
    private readonly tips: TipsService,
    private readonly scheduledHolds: ScheduledHoldsService,
    @Inject(PAYMENTS_CONFIG) private readonly cfg: PaymentsConfig,
  ) {}

  @Command(AuthorizePayment)
  authorize(req: CommandParsed<typeof AuthorizePayment>): Promise<AuthorizationView> {
    return this.authorizations.authorize(req.actor, req.body, req.idempotencyKey);
  }

  @Command(AttachCustomerCard)
  attach(req: CommandParsed<typeof AttachCustomerCard>): Promise<AttachCustomerView> {
    return this.cards.attach(req.actor, req.body);
  }

  @Command(ListSavedCards)
  savedCards(req: CommandParsed<typeof ListSavedCards>): Promise<SavedCardView[]> {
    return this.cards.list(req.actor);
  }

  @Command(CapturePayment)
  capture(req: CommandParsed<typeof CapturePayment>): Promise<CaptureView> {
    // No live hold on a scheduled job whose off-session authorisation is pending or failed: said so (409), not 404.
    return this.authorizations.capture(req.actor, req.body).catch((err: unknown) => this.scheduledHolds.explainMissingHold(err, req.body.requestId));
  }

  @Command(GetRequestPayment)
  requestPayment(req: CommandParsed<typeof GetRequestPayment>): Promise<RequestPaymentView> {
    return this.authorizations.requestPayment(req.actor, req.requestId);
  }

  @Command(TipJob)
  tip(req: CommandParsed<typeof TipJob>): Promise<TipView> {
    return this.tips.tip(req.actor, req.requestId, req.body);
  }

  @Command(CheckCardHold)
  async checkHold(req: CommandParsed<typeof CheckCardHold>): Promise<CardHoldView> {
    const hold = await this.authorizations.checkHold(req.customerUserId, req.jobAmountCents, req.requestId);
    // A card saved for a job scheduled far out covers it: payments places the hold itself, ahead of the job.
    if (hold.covered) return hold;
    return (await this.scheduledHolds.covers(req.customerUserId, req.jobAmountCents, req.requestId)) ?? hold;
  }

  @Command(VoidAuthorization)
  async void(req: CommandParsed<typeof VoidAuthorization>): Promise<VoidView> {
    const voided = await this.authorizations.voidFor(req.actor, { requestId: req.requestId, paymentIntentId: req.paymentIntentId }, req.reason ?? 'requested');
    const first = voided[0];
    if (!first) throw PaymentsError.authorizationNotFound();
    return first;
  }

  @Command(CreateConnectAccount)
  createAccount(req: CommandParsed<typeof CreateConnectAccount>): Promise<CreateAccountView> {
    return this.accounts.createConnectAccount(req.actor, req.providerId, req.body);
  }

  @Command(CreateDashboardLink)
  dashboardLink(req: CommandParsed<typeof CreateDashboardLink>): Promise<{ url: string }> {
    return this.accounts.dashboardLink(req.actor, req.body.accountId);
  }

  @Command(CompleteOnboarding)
  completeOnboarding(req: CommandParsed<typeof CompleteOnboarding>): Promise<OnboardingAccountView> {
    return this.accounts.completeOnboarding(req.actor, req.accountId);
  }

  @Command(GetStripeStatus)
  stripeStatus(req: CommandParsed<typeof GetStripeStatus>): Promise<StripeStatusView> {
    return this.accounts.status(req.actor, req.providerId);
  }

  @Command(SetStripeStatus)
  setStripeStatus(req: CommandParsed<typeof SetStripeStatus>): Promise<StripeStatusView> {
    return this.accounts.setStatus(req.actor, req.providerId, req.body.status);
  }

  @Command(CreatePaymentAccount)
  createPaymentAccount(req: CommandParsed<typeof CreatePaymentAccount>): Promise<PaymentAccountView> {
    return this.accounts.create(req.actor, req.body);
  }

  @Command(ListPaymentAccounts)
  listPaymentAccounts(req: CommandParsed<typeof ListPaymentAccounts>): Promise<PaymentAccountView[]> {
    return this.accounts.list(req.actor, req.providerId);
  }

  @Command(UpdatePaymentAccount)
  updatePaymentAccount(req: CommandParsed<typeof UpdatePaymentAccount>): Promise<PaymentAccountView> {
    return this.accounts.update(req.actor, req.paymentAccountId, req.body);
  }

  @Command(Withdraw)
  withdraw(req: CommandParsed<typeof Withdraw>): Promise<WithdrawalView> {
    return this.wallet.withdraw(req.actor, req.body);
  }

  @Command(GetEarningsSummary)
  summary(req: CommandParsed<typeof GetEarningsSummary>): Promise<EarningsSummaryView> {
    return this.wallet.summary(req.actor, req.providerStripeAccountId, req.providerId);
  }

  @Command(ListWalletTransactions)
  transactions(req: CommandParsed<typeof ListWalletTransactions>): Promise<WalletTransactionView[]> {
    return this.wallet.transactions(req.actor, req.providerId);
  }

  @Command(GetPaymentsConfig)
  config(): PaymentsConfigView {
    const key = this.cfg.stripe.publishableKey;
    return { publishableKey: key, stripeSecretKey: key, stripeJsUrl: this.cfg.stripe.jsUrl };
  }

  @Command(HandleStripeWebhook)
  webhook(req: CommandParsed<typeof HandleStripeWebhook>): Promise<WebhookResultView> {
    return this.webhooks.handle(req.payload, req.signature);
  }
}
