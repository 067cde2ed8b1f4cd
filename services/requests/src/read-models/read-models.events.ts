import { Injectable, Logger } from '@nestjs/common';
import { type EventContext, OnEvent, OutboxService } from '@tiredash/messaging';
import {
  RequestOffered,
  CustomerCreated,
  CustomerUpdated,
  ProviderApproved,
  ProviderCreated,
  ProviderRejected,
  ProviderUpdated,
  type EventPayload,
} from '@tiredash/contracts';
import { In } from 'typeorm';
import { MatchingService } from '../matching/matching.service';
import { ServiceRequestEntity } from '../service-requests/entities/service-request.entity';
import { toOfferView } from '../views/views.service';
import { coverageBox } from './coverage';

type CustomerSnapshot = EventPayload<typeof CustomerCreated>;
type ProviderSnapshot = EventPayload<typeof ProviderCreated>;

/**
 * Feeds the local read models from identity's events (durable, idempotent consumers). Each row keeps the
 * occurredAt of the event that wrote it, so an older event delivered late never overwrites a newer state.
 * A provider that is matchable after the change (approved, online, located) is offered, in the same transaction,
 * the open requests it covers and was not offered yet (late matching: RequestOffered, `new_request`).
 */
@Injectable()
export class ReadModelsEvents {
  private readonly logger = new Logger(ReadModelsEvents.name);

  constructor(
    private readonly matching: MatchingService,
    private readonly outbox: OutboxService,
  ) {}

  @OnEvent(CustomerCreated, { durable: 'requests-customer-created' })
  onCustomerCreated(p: CustomerSnapshot, ctx: EventContext): Promise<void> {
    return this.upsertCustomer(p, ctx);
  }

  @OnEvent(CustomerUpdated, { durable: 'requests-customer-updated' })
  onCustomerUpdated(p: CustomerSnapshot, ctx: EventContext): Promise<void> {
    return this.upsertCustomer(p, ctx);
  }

  @OnEvent(ProviderCreated, { durable: 'requests-provider-created' })
  onProviderCreated(p: ProviderSnapshot, ctx: EventContext): Promise<void> {
    return this.upsertProvider(p, ctx);
  }

  @OnEvent(ProviderUpdated, { durable: 'requests-provider-updated' })
  onProviderUpdated(p: ProviderSnapshot, ctx: EventContext): Promise<void> {
    return this.upsertProvider(p, ctx);
  }

  @OnEvent(ProviderApproved, { durable: 'requests-provider-approved' })
  onProviderApproved(p: EventPayload<typeof ProviderApproved>, ctx: EventContext): Promise<void> {
    return this.setApproval(p.providerId, true, ctx);
  }

  @OnEvent(ProviderRejected, { durable: 'requests-provider-rejected' })
  onProviderRejected(p: EventPayload<typeof ProviderRejected>, ctx: EventContext): Promise<void> {
    return this.setApproval(p.providerId, false, ctx);
  }

  private async upsertCustomer(p: CustomerSnapshot, ctx: EventContext): Promise<void> {
    await ctx.manager.query(
      `INSERT INTO "requests"."customer_profiles" ("id", "user_id", "full_name", "phone", "payment_method", "source_at")
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ("id") DO UPDATE SET "user_id" = EXCLUDED."user_id", "full_name" = EXCLUDED."full_name",
         "phone" = EXCLUDED."phone", "payment_method" = EXCLUDED."payment_method", "source_at" = EXCLUDED."source_at",
         "updated_at" = now()
       WHERE "customer_profiles"."source_at" <= EXCLUDED."source_at"`,
      [p.customerId, p.userId, p.fullName, p.phone, p.paymentMethod, ctx.occurredAt],
    );
  }

  private async upsertProvider(p: ProviderSnapshot, ctx: EventContext): Promise<void> {
    // Matched from the live device position while it is known, else from the geocoded service address.
    const position = p.location ?? p.serviceLocation ?? null;
    const coverage = position ? coverageBox(position.lat, position.lng, p.serviceRadiusMiles) : null;
    if (!position && p.online) {
      this.logger.log(`provider ${p.providerId} is online without a position or service address: not matchable until it has one`);
    }
    await ctx.manager.query(
      `INSERT INTO "requests"."provider_profiles" ("id", "user_id", "business_name", "full_name", "phone", "service_types",
         "service_radius_miles", "service_address", "lat", "lng", "coverage", "online", "is_approved", "source_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::box, $12, $13, $14)
       ON CONFLICT ("id") DO UPDATE SET "user_id" = EXCLUDED."user_id", "business_name" = EXCLUDED."business_name",
         "full_name" = EXCLUDED."full_name", "phone" = EXCLUDED."phone", "service_types" = EXCLUDED."service_types",
         "service_radius_miles" = EXCLUDED."service_radius_miles", "service_address" = EXCLUDED."service_address",
         "lat" = EXCLUDED."lat", "lng" = EXCLUDED."lng", "coverage" = EXCLUDED."coverage", "online" = EXCLUDED."online",
         "is_approved" = EXCLUDED."is_approved", "source_at" = EXCLUDED."source_at", "updated_at" = now()
       WHERE "provider_profiles"."source_at" <= EXCLUDED."source_at"`,
      [
        p.providerId,
        p.userId,
        p.businessName,
        p.fullName,
        p.phone,
        p.serviceTypes,
        p.serviceRadiusMiles,
        p.serviceAddress,
        position?.lat ?? null,
        position?.lng ?? null,
        coverage,
        p.online,
        p.isApproved,
        ctx.occurredAt,
      ],
    );
    await this.offerLate(p.providerId, ctx);
  }

  private async setApproval(providerId: string, approved: boolean, ctx: EventContext): Promise<void> {
    await ctx.manager.query(
      `UPDATE "requests"."provider_profiles" SET "is_approved" = $2, "source_at" = $3, "updated_at" = now()
       WHERE "id" = $1 AND "source_at" <= $3`,
      [providerId, approved, ctx.occurredAt],
    );
    if (approved) await this.offerLate(providerId, ctx);
  }

  /** Offers the provider the open requests it now covers and was not offered yet, one RequestOffered each. */
  private async offerLate(providerId: string, ctx: EventContext): Promise<void> {
    const offers = await this.matching.offerOpenRequestsTo(ctx.manager, providerId);
    if (offers.length === 0) return;
    const requests = await ctx.manager.getRepository(ServiceRequestEntity).findBy({ id: In(offers.map((o) => o.requestId)) });
    const byId = new Map(requests.map((r) => [r.id, r]));
    const users: { user_id: string }[] = await ctx.manager.query(`SELECT "user_id" FROM "requests"."provider_profiles" WHERE "id" = $1`, [providerId]);
    const providerUserId = users[0]?.user_id ?? null;
    await this.outbox.addMany(
      ctx.manager,
      RequestOffered,
      offers.flatMap((o) => {
        const r = byId.get(o.requestId);
        if (!r) return [];
        return [
          {
            requestId: r.id,
            customerId: r.customerId,
            customerUserId: r.customerUserId,
            request: toOfferView(r),
            providerId,
            providerUserId,
            providersAsked: o.providersAsked,
          },
        ];
      }),
    );
    this.logger.log(`provider ${providerId} offered ${offers.length} open request(s) after it became matchable`);
  }
}
