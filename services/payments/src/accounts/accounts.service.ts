import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  PaymentAccountUpdated,
  type Actor,
  type CreateAccountBody,
  type CreateAccountView,
  type OnboardingAccountView,
  type PaymentAccountCreateBody,
  type PaymentAccountStatus,
  type PaymentAccountUpdateBody,
  type PaymentAccountView,
  type StripeStatusView,
} from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { requireActor, requireRole } from '../common/actor-rules';
import { PAYMENTS_CONFIG, STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import { toDomainError } from '../common/stripe-client';
import type { PaymentsConfig } from '../config';
import { ProviderAccess } from '../read-model/provider-access.service';
import { PaymentAccountEntity } from './payment-account.entity';

export const toPaymentAccountView = (a: PaymentAccountEntity): PaymentAccountView => ({
  id: a.id,
  documentId: a.id,
  providerId: a.providerId,
  stripeAccountId: a.stripeAccountId,
  stripeAccountStatus: a.stripeAccountStatus,
  bankName: a.bankName,
  accountType: a.accountType,
  bankNumber: a.bankNumber,
  bankRouting: a.bankRouting,
  bankStatus: a.bankStatus,
  accountName: a.accountName,
  accountAddress: a.accountAddress,
  accountEmail: a.accountEmail,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

const onboarded = (acct: Stripe.Account): boolean => acct.details_submitted === true && acct.payouts_enabled === true;

/** Connect onboarding and the providers' payment-account records. */
@Injectable()
export class AccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly cfg: PaymentsConfig,
    private readonly providers: ProviderAccess,
    private readonly outbox: OutboxService,
  ) {}

  /** Creates (once per provider) the Express account and its record (pending), and answers a fresh onboarding link. */
  async createConnectAccount(actor: Actor, providerId: string | undefined, body: CreateAccountBody): Promise<CreateAccountView> {
    const known = requireRole(actor, 'provider', 'admin');
    const provider = providerId ? await this.providers.requireOwned(actor, providerId) : await this.providers.ofUser(known.userId);
    const repo = this.dataSource.getRepository(PaymentAccountEntity);
    let record = await repo.findOne({ where: { providerId: provider.providerId } });
    try {
      if (!record) {
        const acct = await this.stripe.accounts.create(
          {
            type: 'express',
            email: body.email,
            business_type: body.business_type,
            company: { name: body.company?.name ?? provider.businessName },
            capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
            metadata: { providerId: provider.providerId },
          },
          { idempotencyKey: `connect-account:${provider.providerId}` },
        );
        await repo
          .createQueryBuilder()
          .insert()
          .values({ id: randomUUID(), providerId: provider.providerId, stripeAccountId: acct.id, stripeAccountStatus: 'pending', accountEmail: acct.email ?? null, accountType: body.business_type, accountName: acct.company?.name ?? null })
          .orIgnore()
          .execute();
        record = await repo.findOneOrFail({ where: { providerId: provider.providerId } });
      }
      const link = await this.stripe.accountLinks.create(
        {
          account: record.stripeAccountId,
          refresh_url: body.refreshUrl ?? `${this.cfg.appPublicUrl}/provider/settings`,
          return_url: body.returnUrl ?? `${this.cfg.appPublicUrl}/provider/complete?providerId=${provider.providerId}`,
          type: 'account_onboarding',
        },
        { idempotencyKey: `account-link:${record.stripeAccountId}:${randomUUID()}` },
      );
      return { id: record.stripeAccountId, url: link.url, paymentAccount: toPaymentAccountView(record) };
    } catch (err) {
      throw toDomainError(err, 'Failed to start Stripe onboarding. Please try again.');
    }
  }

  async dashboardLink(actor: Actor, accountId: string): Promise<{ url: string }> {
    const record = await this.ownedByStripeId(actor, accountId);
    try {
      const link = await this.stripe.accounts.createLoginLink(record.stripeAccountId, {}, { idempotencyKey: `login-link:${record.stripeAccountId}:${randomUUID()}` });
      return { url: link.url };
    } catch (err) {
      throw toDomainError(err, 'Failed to get Stripe dashboard link. Please try again.');
    }
  }

  /** The onboarding-complete step: reads the account at Stripe, stores its bank and account fields, marks it active. */
  async completeOnboarding(actor: Actor, accountId: string): Promise<OnboardingAccountView> {
    const record = await this.ownedByStripeId(actor, accountId);
    const acct = await this.retrieve(record.stripeAccountId);
    if (!onboarded(acct)) throw PaymentsError.onboardingIncomplete();
    const updated = await this.dataSource.transaction(async (m) => this.applyAccount(m, record.id, acct));
    const bank = acct.external_accounts?.data[0] as Stripe.BankAccount | undefined;
    return {
      id: acct.id,
      email: acct.email ?? null,
      business_type: acct.business_type ?? null,
      bank_name: bank?.bank_name ?? null,
      details_submitted: acct.details_submitted === true,
      payouts_enabled: acct.payouts_enabled === true,
      company: acct.company ? { name: acct.company.name ?? null, address: { line1: acct.company.address?.line1 ?? null } } : null,
      external_accounts: {
        data: (acct.external_accounts?.data ?? []).map((x) => {
          const b = x as Stripe.BankAccount;
          return { bank_name: b.bank_name ?? null, last4: b.last4, routing_number: b.routing_number ?? null, status: b.status ?? null };
        }),
      },
      paymentAccount: toPaymentAccountView(updated),
    };
  }

  /** From account.updated webhooks: the record follows Stripe (active once onboarded). */
  async syncFromStripe(m: EntityManager, acct: Stripe.Account): Promise<void> {
    const record = await m.getRepository(PaymentAccountEntity).findOne({ where: { stripeAccountId: acct.id } });
    if (!record || !onboarded(acct)) return;
    await this.applyAccount(m, record.id, acct);
  }

  async status(actor: Actor, providerId: string): Promise<StripeStatusView> {
    await this.providers.requireOwned(actor, providerId);
    const record = await this.dataSource.getRepository(PaymentAccountEntity).findOne({ where: { providerId } });
    return {
      providerId,
      stripeAccountId: record?.stripeAccountId ?? null,
      stripeAccountStatus: record?.stripeAccountStatus ?? null,
      status: record?.stripeAccountStatus ?? null,
    };
  }

  async setStatus(actor: Actor, providerId: string, status: PaymentAccountStatus): Promise<StripeStatusView> {
    await this.providers.requireOwned(actor, providerId);
    const record = await this.dataSource.getRepository(PaymentAccountEntity).findOne({ where: { providerId } });
    if (!record) throw PaymentsError.noStripeRecord();
    await this.transition(record, status);
    return this.status(actor, providerId);
  }

  /** POST /stripes: the record of an account created for this provider (idempotent for the same account). */
  async create(actor: Actor, body: PaymentAccountCreateBody): Promise<PaymentAccountView> {
    await this.providers.requireOwned(actor, body.providerId);
    const repo = this.dataSource.getRepository(PaymentAccountEntity);
    const existing = await repo.findOne({ where: { providerId: body.providerId } });
    if (existing) {
      if (existing.stripeAccountId !== body.stripeAccountId) throw PaymentsError.paymentAccountExists();
      if (body.stripeAccountStatus !== existing.stripeAccountStatus) await this.transition(existing, body.stripeAccountStatus);
      return toPaymentAccountView(await repo.findOneOrFail({ where: { id: existing.id } }));
    }
    const acct = await this.retrieve(body.stripeAccountId);
    if (acct.metadata?.providerId !== body.providerId) throw PaymentsError.notYourProvider();
    if (body.stripeAccountStatus === 'active' && !onboarded(acct)) throw PaymentsError.onboardingIncomplete();
    const id = randomUUID();
    await repo.createQueryBuilder().insert().values({ id, providerId: body.providerId, stripeAccountId: acct.id, stripeAccountStatus: body.stripeAccountStatus }).orIgnore().execute();
    const row = await repo.findOneOrFail({ where: { providerId: body.providerId } });
    if (row.stripeAccountId !== body.stripeAccountId) throw PaymentsError.paymentAccountExists();
    return toPaymentAccountView(row);
  }

  async list(actor: Actor, providerId: string): Promise<PaymentAccountView[]> {
    await this.providers.requireOwned(actor, providerId);
    const rows = await this.dataSource.getRepository(PaymentAccountEntity).find({ where: { providerId } });
    return rows.map(toPaymentAccountView);
  }

  async update(actor: Actor, id: string, body: PaymentAccountUpdateBody): Promise<PaymentAccountView> {
    requireActor(actor);
    const repo = this.dataSource.getRepository(PaymentAccountEntity);
    const record = await repo.findOne({ where: { id } });
    if (!record) throw PaymentsError.noStripeRecord();
    await this.providers.requireOwned(actor, record.providerId);
    const { stripeAccountStatus, ...fields } = body;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    // The status is checked before anything is written: a refused move leaves the bank fields as they were too (they
    // were stored first, then the 409, found by the route fuzz). Fields and status change in one transaction.
    const status = stripeAccountStatus !== undefined && stripeAccountStatus !== record.stripeAccountStatus ? stripeAccountStatus : null;
    if (status !== null) await this.checkTransition(record, status);
    await this.dataSource.transaction(async (m) => {
      if (Object.keys(changes).length > 0) await m.getRepository(PaymentAccountEntity).update({ id }, changes);
      if (status !== null) await this.applyTransition(m, record, status);
    });
    return toPaymentAccountView(await repo.findOneOrFail({ where: { id } }));
  }

  /** 'active' only when Stripe says the account is onboarded. */
  private async transition(record: PaymentAccountEntity, status: PaymentAccountStatus): Promise<void> {
    if (record.stripeAccountStatus === status) return;
    await this.checkTransition(record, status);
    await this.dataSource.transaction(async (m) => this.applyTransition(m, record, status));
  }

  private async checkTransition(record: PaymentAccountEntity, status: PaymentAccountStatus): Promise<void> {
    if (status === 'active' && !onboarded(await this.retrieve(record.stripeAccountId))) throw PaymentsError.onboardingIncomplete();
  }

  private async applyTransition(m: EntityManager, record: PaymentAccountEntity, status: PaymentAccountStatus): Promise<void> {
    await m.getRepository(PaymentAccountEntity).update({ id: record.id }, { stripeAccountStatus: status });
    await this.outbox.add(m, PaymentAccountUpdated, { providerId: record.providerId, stripeAccountId: record.stripeAccountId, stripeAccountStatus: status });
  }

  private async applyAccount(m: EntityManager, recordId: string, acct: Stripe.Account): Promise<PaymentAccountEntity> {
    const repo = m.getRepository(PaymentAccountEntity);
    const before = await repo.findOneOrFail({ where: { id: recordId }, lock: { mode: 'pessimistic_write' } });
    const bank = acct.external_accounts?.data[0] as Stripe.BankAccount | undefined;
    const address = acct.company?.address ?? acct.individual?.address;
    const name = acct.company?.name ?? ([acct.individual?.first_name, acct.individual?.last_name].filter(Boolean).join(' ') || null);
    await repo.update(
      { id: recordId },
      {
        stripeAccountStatus: 'active',
        bankName: bank?.bank_name ?? null,
        bankNumber: bank?.last4 ?? null,
        bankRouting: bank?.routing_number ?? null,
        bankStatus: bank?.status ?? null,
        accountType: acct.business_type === 'individual' ? 'individual' : 'company',
        accountName: name,
        accountAddress: address ? [address.line1, address.city, address.state, address.postal_code].filter(Boolean).join(', ') || null : null,
        accountEmail: acct.email ?? null,
      },
    );
    if (before.stripeAccountStatus !== 'active') {
      await this.outbox.add(m, PaymentAccountUpdated, { providerId: before.providerId, stripeAccountId: before.stripeAccountId, stripeAccountStatus: 'active' });
    }
    return repo.findOneOrFail({ where: { id: recordId } });
  }

  private async ownedByStripeId(actor: Actor, stripeAccountId: string): Promise<PaymentAccountEntity> {
    requireActor(actor);
    const record = await this.dataSource.getRepository(PaymentAccountEntity).findOne({ where: { stripeAccountId } });
    if (!record) throw PaymentsError.noStripeRecord();
    await this.providers.requireOwned(actor, record.providerId);
    return record;
  }

  private async retrieve(accountId: string): Promise<Stripe.Account> {
    try {
      return await this.stripe.accounts.retrieve(accountId);
    } catch (err) {
      throw toDomainError(err, 'Failed to complete Stripe setup. Please try again.');
    }
  }
}
