import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { DomainError, type CommandParsed, type AnswerExtraHold, type ExtraHoldView } from '@tiredash/contracts';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { AuthorizationEntity } from '../authorizations/authorization.entity';
import { STRIPE } from '../common/payments-config.token';
import { PaymentsError } from '../common/payments-errors';
import { stripeFailure, toDomainError } from '../common/stripe-client';
import { RequestRefEntity } from '../read-model/request-ref.entity';
import { ExtraHoldEntity } from './extra-hold.entity';

type AnswerCommand = CommandParsed<typeof AnswerExtraHold>;

/** The approved extras of a request, in cents: part of what its capture takes. */
export async function approvedExtrasCentsOf(m: EntityManager, requestId: string): Promise<number> {
  const rows: { total: string | null }[] = await m.query(
    `SELECT sum("amount_cents") AS "total" FROM "payments"."extra_holds" WHERE "request_id" = $1 AND "status" = 'approved'`,
    [requestId],
  );
  return Number(rows[0]?.total ?? 0);
}

/**
 * Extras of card jobs (issue 13 item 1). An approval raises the request's live hold to the accepted bid + every
 * approved extra + this one + the hold's card fee with the PaymentIntent's incremental authorisation (Stripe's
 * `increment_authorization`; the hold was created with `request_incremental_authorization: 'if_available'`), and records the
 * extra; a card that refuses the increment leaves it `card_declined`, the hold as it was. A decline is recorded, nothing
 * else. The authorisation row is locked FOR UPDATE, as the capture locks it: a raise and a capture never interleave,
 * and an extra answered after the capture is refused. One row per extra: a redelivered or retried answer gets the
 * recorded one.
 */
@Injectable()
export class ExtraHoldsService {
  private readonly logger = new Logger(ExtraHoldsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
  ) {}

  async answer(cmd: AnswerCommand): Promise<ExtraHoldView> {
    return this.dataSource.transaction(async (m) => {
      const repo = m.getRepository(ExtraHoldEntity);
      const recorded = await repo.findOne({ where: { extraId: cmd.extraId } });
      if (recorded) return this.view(recorded);
      const auth = await m
        .getRepository(AuthorizationEntity)
        .findOne({ where: { requestId: cmd.requestId, status: 'requires_capture' }, order: { createdAt: 'DESC' }, lock: { mode: 'pessimistic_write' } });
      if (auth && auth.customerUserId !== cmd.customerUserId) throw PaymentsError.notYourPayment();
      const row = repo.create({
        extraId: cmd.extraId,
        requestId: cmd.requestId,
        serviceType: cmd.serviceType,
        amountCents: cmd.amountCents,
        status: 'declined',
        authorizationId: auth?.id ?? null,
        chargeTotalCents: null,
        declineMessage: null,
      });
      if (cmd.answer === 'declined') {
        await repo.insert(row);
        return this.view(row);
      }
      if (!auth) {
        if (await m.getRepository(AuthorizationEntity).exists({ where: { requestId: cmd.requestId, status: 'succeeded' } })) throw PaymentsError.alreadyCaptured();
        throw new DomainError('CONFLICT', 'There is no live card hold for this job to add the extra to', { reason: 'HOLD_NOT_ACTIVE' });
      }
      const ref = await m.getRepository(RequestRefEntity).findOne({ where: { requestId: cmd.requestId } });
      if (!ref || ref.acceptedAmountCents === null) throw PaymentsError.requestNotAccepted();
      const total = ref.acceptedAmountCents + (await approvedExtrasCentsOf(m, cmd.requestId)) + cmd.amountCents + auth.feeCents;
      if (total > auth.amountCents) {
        let pi: Stripe.PaymentIntent;
        try {
          pi = await this.stripe.paymentIntents.incrementAuthorization(
            auth.paymentIntentId,
            { amount: total },
            { idempotencyKey: `increment:${auth.id}:${cmd.extraId}:${total}` },
          );
        } catch (err) {
          const f = stripeFailure(err);
          if (f?.type !== 'StripeCardError') throw toDomainError(err, 'The card hold could not be raised');
          this.logger.log(`request ${cmd.requestId}: the card refused the raise to ${total} cents for extra ${cmd.extraId} (${f.code})`);
          row.status = 'card_declined';
          row.declineMessage = f.message.slice(0, 300);
          await repo.insert(row);
          return this.view(row);
        }
        auth.amountCents = pi.amount;
        await m.getRepository(AuthorizationEntity).update({ id: auth.id }, { amountCents: pi.amount });
      }
      row.status = 'approved';
      row.chargeTotalCents = total;
      await repo.insert(row);
      return this.view(row);
    });
  }

  private view(r: ExtraHoldEntity): ExtraHoldView {
    return { status: r.status, chargeTotalCents: r.chargeTotalCents, declineMessage: r.declineMessage };
  }
}
