import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor, AttachCustomerBody, AttachCustomerView, SavedCardView } from '@tiredash/contracts';
import { DomainError } from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { requireRole } from '../common/actor-rules';
import { STRIPE } from '../common/payments-config.token';
import { toDomainError } from '../common/stripe-client';
import { SavedCardEntity } from './saved-card.entity';
import { StripeCustomerEntity } from './stripe-customer.entity';

export const toSavedCardView = (c: SavedCardEntity): SavedCardView => ({
  id: c.paymentMethodId,
  last4: c.last4,
  brand: c.brand,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  name: c.name,
});

/** Customers' Stripe Customers and their saved cards. */
@Injectable()
export class CardsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  /** The user's Stripe Customer, created once (idempotency key per user). */
  async ensureCustomer(userId: string, email: string): Promise<string> {
    const repo = this.dataSource.getRepository(StripeCustomerEntity);
    const existing = await repo.findOne({ where: { userId } });
    if (existing) return existing.stripeCustomerId;
    let customer: Stripe.Customer;
    try {
      customer = await this.stripe.customers.create(
        { email, metadata: { userId } },
        { idempotencyKey: `customer:${userId}` },
      );
    } catch (err) {
      throw toDomainError(err, 'Unable to set up payments for this customer');
    }
    await repo.createQueryBuilder().insert().values({ userId, stripeCustomerId: customer.id, email }).orIgnore().execute();
    const row = await repo.findOneOrFail({ where: { userId } });
    return row.stripeCustomerId;
  }

  /**
   * The PaymentMethod attached to the caller's Customer (attaching it when it is new). A card attached to
   * someone else's Customer is refused.
   */
  async attachToCustomer(userId: string, email: string, paymentMethodId: string): Promise<{ customerId: string; pm: Stripe.PaymentMethod }> {
    const customerId = await this.ensureCustomer(userId, email);
    try {
      let pm = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
      if (owner !== null && owner !== customerId) throw new DomainError('FORBIDDEN', 'This card belongs to another customer');
      if (owner === null) {
        pm = await this.stripe.paymentMethods.attach(
          paymentMethodId,
          { customer: customerId },
          { idempotencyKey: `attach:${customerId}:${paymentMethodId}` },
        );
      }
      return { customerId, pm };
    } catch (err) {
      throw toDomainError(err, 'Unknown error');
    }
  }

  async save(userId: string, pm: Stripe.PaymentMethod, name?: string): Promise<SavedCardEntity> {
    if (!pm.card) throw new DomainError('BAD_REQUEST', 'Only cards can be saved');
    const repo = this.dataSource.getRepository(SavedCardEntity);
    const row: Omit<SavedCardEntity, 'createdAt'> = {
      paymentMethodId: pm.id,
      userId,
      last4: pm.card.last4,
      brand: pm.card.brand,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
      name: name ?? pm.billing_details?.name ?? null,
    };
    await repo.createQueryBuilder().insert().values(row).orIgnore().execute();
    return repo.findOneOrFail({ where: { paymentMethodId: pm.id } });
  }

  async attach(actor: Actor, body: AttachCustomerBody): Promise<AttachCustomerView> {
    const known = requireRole(actor, 'customer');
    const { customerId, pm } = await this.attachToCustomer(known.userId, body.email, body.paymentMethodId);
    const card = await this.save(known.userId, pm, body.name);
    return { customerId, paymentMethodId: pm.id, card: toSavedCardView(card), savedCards: await this.list(actor) };
  }

  async list(actor: Actor): Promise<SavedCardView[]> {
    const known = requireRole(actor, 'customer');
    const rows = await this.dataSource
      .getRepository(SavedCardEntity)
      .find({ where: { userId: known.userId }, order: { createdAt: 'DESC' } });
    return rows.map(toSavedCardView);
  }

  async card(paymentMethodId: string): Promise<SavedCardView | null> {
    const row = await this.dataSource.getRepository(SavedCardEntity).findOne({ where: { paymentMethodId } });
    return row ? toSavedCardView(row) : null;
  }
}
