import { Injectable, Logger } from '@nestjs/common';
import { OutboxService, type EventContext, OnEvent } from '@tiredash/messaging';
import {
  CompletionReported,
  CustomerNoShow,
  JobStatusChanged,
  ProviderArrived,
  RequestAccepted,
  RequestCancelled,
  RequestConfirmed,
  type EventPayload,
  type JobStatus,
} from '@tiredash/contracts';
import type { EntityManager } from 'typeorm';
import { JobEntity } from './entities/job.entity';

/** A progress event arrived before the job's creation (separate consumers): retried until the job exists. */
class JobNotYetKnown extends Error {}

/**
 * The job follows the request's lifecycle from requests' events (durable, idempotent consumers): created En Route
 * at acceptance, Arrived, Completed (reported by the provider; confirmedAt once the customer confirmed), Cancelled.
 * A step never goes backwards; each change is announced on DISPATCH through the outbox.
 */
@Injectable()
export class JobsEvents {
  private readonly logger = new Logger(JobsEvents.name);

  constructor(private readonly outbox: OutboxService) {}

  @OnEvent(RequestAccepted, { durable: 'dispatch-request-accepted', maxDeliver: 10 })
  async onAccepted(p: EventPayload<typeof RequestAccepted>, ctx: EventContext): Promise<void> {
    const result: unknown[] = await ctx.manager.query(
      `INSERT INTO "dispatch"."jobs" ("request_id", "bid_id", "provider_id", "provider_user_id", "customer_id", "customer_user_id", "status",
         "payment_method", "amount_cents", "service_type", "origin_lat", "origin_lng", "destination_lat", "destination_lng",
         "destination_address", "accepted_at")
       VALUES ($1, $2, $3, $4, $5, $6, 'En Route', $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT ("request_id") DO NOTHING RETURNING "request_id"`,
      [
        p.requestId,
        p.bidId,
        p.providerId,
        p.providerUserId,
        p.customerId,
        p.customerUserId,
        p.paymentMethod,
        Math.round(p.amount * 100),
        p.serviceType ?? null,
        p.origin?.lat ?? null,
        p.origin?.lng ?? null,
        p.destination?.lat ?? null,
        p.destination?.lng ?? null,
        p.destination?.address ?? null,
        p.acceptedAt,
      ],
    );
    if (result.length === 0) return;
    await this.outbox.add(ctx.manager, JobStatusChanged, {
      requestId: p.requestId,
      providerId: p.providerId,
      customerId: p.customerId,
      status: 'En Route',
      previousStatus: null,
      at: p.acceptedAt,
    });
  }

  @OnEvent(ProviderArrived, { durable: 'dispatch-request-arrived', maxDeliver: 10 })
  onArrived(p: EventPayload<typeof ProviderArrived>, ctx: EventContext): Promise<void> {
    return this.advance(ctx.manager, p.requestId, 'Arrived', ['En Route'], 'arrived_at', p.arrivedAt);
  }

  @OnEvent(CompletionReported, { durable: 'dispatch-request-completion-reported', maxDeliver: 10 })
  onCompleted(p: EventPayload<typeof CompletionReported>, ctx: EventContext): Promise<void> {
    return this.advance(ctx.manager, p.requestId, 'Completed', ['En Route', 'Arrived'], 'completed_at', p.completedAt);
  }

  @OnEvent(RequestConfirmed, { durable: 'dispatch-request-confirmed', maxDeliver: 10 })
  async onConfirmed(p: EventPayload<typeof RequestConfirmed>, ctx: EventContext): Promise<void> {
    await this.advance(ctx.manager, p.requestId, 'Completed', ['En Route', 'Arrived'], 'completed_at', p.confirmedAt);
    await ctx.manager.query(`UPDATE "dispatch"."jobs" SET "confirmed_at" = $2, "updated_at" = now() WHERE "request_id" = $1 AND "confirmed_at" IS NULL`, [
      p.requestId,
      p.confirmedAt,
    ]);
  }

  @OnEvent(RequestCancelled, { durable: 'dispatch-request-cancelled', maxDeliver: 10 })
  async onCancelled(p: EventPayload<typeof RequestCancelled>, ctx: EventContext): Promise<void> {
    // A request cancelled while bids were open never had a job.
    if (p.providerId === null) return;
    await this.advance(ctx.manager, p.requestId, 'Cancelled', ['En Route', 'Arrived', 'Completed'], 'cancelled_at', p.cancelledAt);
  }

  /** The customer was absent (Customer No-Show): the job ends (its location stream stops) as a cancelled one. */
  @OnEvent(CustomerNoShow, { durable: 'dispatch-request-no-show', maxDeliver: 10 })
  onCustomerNoShow(p: EventPayload<typeof CustomerNoShow>, ctx: EventContext): Promise<void> {
    return this.advance(ctx.manager, p.requestId, 'Cancelled', ['En Route', 'Arrived'], 'cancelled_at', p.noShowAt);
  }

  private async advance(
    m: EntityManager,
    requestId: string,
    status: JobStatus,
    from: JobStatus[],
    column: 'arrived_at' | 'completed_at' | 'cancelled_at',
    at: string,
  ): Promise<void> {
    const job = await m.getRepository(JobEntity).findOne({ where: { requestId }, lock: { mode: 'pessimistic_write' } });
    if (!job) throw new JobNotYetKnown(`job ${requestId} not created yet; retrying`);
    if (!from.includes(job.status)) {
      this.logger.debug(`job ${requestId} is ${job.status}: ${status} ignored`);
      return;
    }
    await m.query(`UPDATE "dispatch"."jobs" SET "status" = $2, "${column}" = $3, "updated_at" = now() WHERE "request_id" = $1`, [requestId, status, at]);
    await this.outbox.add(m, JobStatusChanged, {
      requestId,
      providerId: job.providerId,
      customerId: job.customerId,
      status,
      previousStatus: job.status,
      at,
    });
  }
}
