import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { WebhookResultView } from '@tiredash/contracts';
import Stripe from 'stripe';
import type { DataSource, Repository } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { AuthorizationEntity } from '../authorizations/authorization.entity';
import { PAYMENTS_CONFIG, STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import type { PaymentsConfig } from '../config';
import { RefundsService } from '../refunds/refunds.service';
import { TipsService } from '../tips/tips.service';
import { WalletService } from '../wallet/wallet.service';
import { WithdrawalEntity } from '../wallet/withdrawal.entity';
import { WebhookEventEntity } from './webhook-event.entity';

/**
 * Stripe webhooks: the signature is verified with the signing secret over the exact raw body (timestamp
 * tolerance included), and each event id is applied once (a replayed id is acknowledged, not re-applied).
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly cfg: PaymentsConfig,
    private readonly accounts: AccountsService,
    private readonly wallet: WalletService,
    private readonly tips: TipsService,
    private readonly refunds: RefundsService,
  ) {}

  async handle(payload: string, signature: string | null): Promise<WebhookResultView> {
    if (!signature) throw PaymentsError.badSignature('no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, this.cfg.stripe.webhookSecret, this.cfg.stripe.webhookToleranceSeconds);
    } catch (err) {
      throw PaymentsError.badSignature(err instanceof Error ? err.message.split('\n')[0] ?? 'invalid signature' : 'invalid signature');
    }
    let failedWithdrawal: { id: string; reason: string } | null = null;
    const fresh = await this.dataSource.transaction(async (m) => {
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(WebhookEventEntity)
        .values({ eventId: event.id, type: event.type })
        .orIgnore()
        .returning(['eventId'])
        .execute();
      if ((inserted.raw as unknown[]).length === 0) return false;
      if (event.type === 'payment_intent.canceled') {
        await m.getRepository(AuthorizationEntity).update({ paymentIntentId: event.data.object.id, status: 'requires_capture' }, { status: 'canceled' });
      } else if (event.type === 'payment_intent.succeeded') {
        // A card tip's payment (the others are captures payments made and recorded itself).
        await this.tips.settleFromWebhook(m, event.data.object);
      } else if (event.type === 'charge.refunded' || event.type === 'refund.created' || event.type === 'refund.updated') {
        // An admin's refund whose answer the command never got (or a redelivery: recorded once either way).
        await this.refunds.settleFromWebhook(m, event);
      } else if (event.type === 'account.updated') {
        await this.accounts.syncFromStripe(m, event.data.object);
      } else if (event.type === 'payout.paid') {
        const id = await this.withdrawalOf(m.getRepository(WithdrawalEntity), event.data.object);
        if (id) await this.wallet.markPaid(m, id);
      } else if (event.type === 'payout.failed') {
        const payout = event.data.object;
        const id = await this.withdrawalOf(m.getRepository(WithdrawalEntity), payout);
        if (id) failedWithdrawal = { id, reason: payout.failure_message ?? payout.failure_code ?? 'payout failed' };
      } else {
        this.logger.debug(`Stripe event ${event.type} ${event.id} recorded`);
      }
      return true;
    });
    const failed = failedWithdrawal as { id: string; reason: string } | null;
    if (failed) await this.wallet.failWithdrawal(failed.id, failed.reason, null);
    return { received: true, duplicate: !fresh, type: event.type };
  }

  private async withdrawalOf(
    repo: Repository<WithdrawalEntity>,
    payout: Stripe.Payout,
  ): Promise<string | null> {
    const fromMeta = payout.metadata?.withdrawalId;
    const w = fromMeta ? await repo.findOne({ where: { id: fromMeta } }) : await repo.findOne({ where: { stripePayoutId: payout.id } });
    return w?.id ?? null;
  }
}
