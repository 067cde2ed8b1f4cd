import { Injectable } from '@nestjs/common';
import { LIMITS, PROVIDER_SERVICES_FOR_REQUEST, requestTypesCoveredBy, type ServiceType } from '@tiredash/contracts';
import type { EntityManager } from 'typeorm';

export interface MatchedProvider {
  providerId: string;
  userId: string;
  distanceMiles: number;
}

/** A request newly offered to a provider by late matching, with the request's new count of providers asked. */
export interface LateOffer {
  requestId: string;
  distanceMiles: number;
  providersAsked: number;
}

/** Great-circle miles between the provider row `p` and the point ($lat, $lng), earth radius 3958.8. */
export function haversineSql(lat: string, lng: string): string {
  return `2 * ${LIMITS.earthRadiusMiles} * asin(least(1, sqrt(
      power(sin(radians(${lat} - p."lat") / 2), 2)
      + cos(radians(p."lat")) * cos(radians(${lat})) * power(sin(radians(${lng} - p."lng") / 2), 2))))`;
}

/**
 * Matching, both ways. A request is offered to the approved, online providers whose service radius covers it and
 * who offer its service type; a provider that becomes matchable later (approved, online, moved, radius or
 * services changed) is offered the open requests it covers and was not offered yet.
 *
 * Request -> providers: the GiST index on `coverage` (partial: approved and online) narrows 100k providers to
 * those whose bounding box holds the point; the exact haversine and the service-type overlap run on those few.
 * Provider -> requests: open requests are few (they expire), read through the partial index on open requests.
 * Offers are keyed (request, provider): whichever way finds a pair first offers it, the other does nothing.
 */
@Injectable()
export class MatchingService {
  async offer(manager: EntityManager, requestId: string, lat: number, lng: number, serviceType: ServiceType): Promise<MatchedProvider[]> {
    const rows: { provider_id: string; user_id: string; distance_miles: number }[] = await manager.query(
      `WITH m AS (
         INSERT INTO "requests"."offers" ("request_id", "provider_id", "distance_miles")
         SELECT $1, c."id", c."miles" FROM (
           SELECT p."id", ${haversineSql('$2', '$3')} AS "miles", p."service_radius_miles"
           FROM "requests"."provider_profiles" p
           WHERE p."is_approved" = true AND p."online" = true
             AND p."coverage" @> box(point($3, $2), point($3, $2))
             AND p."service_types" && $4::text[]
         ) c
         WHERE c."miles" <= c."service_radius_miles"
         ON CONFLICT DO NOTHING
         RETURNING "provider_id", "distance_miles"
       )
       SELECT m."provider_id", p."user_id", m."distance_miles"
       FROM m JOIN "requests"."provider_profiles" p ON p."id" = m."provider_id"
       ORDER BY m."distance_miles"`,
      [requestId, lat, lng, PROVIDER_SERVICES_FOR_REQUEST[serviceType]],
    );
    return rows.map((r) => ({ providerId: r.provider_id, userId: r.user_id, distanceMiles: Number(r.distance_miles) }));
  }

  /**
   * Late matching: offers the provider every open, unexpired request its radius covers, of a service type it
   * offers, that it was not offered yet. Does nothing unless the provider is approved, online and located.
   */
  async offerOpenRequestsTo(manager: EntityManager, providerId: string): Promise<LateOffer[]> {
    const services: { service_types: string[] }[] = await manager.query(
      `SELECT "service_types" FROM "requests"."provider_profiles"
        WHERE "id" = $1 AND "is_approved" = true AND "online" = true AND "coverage" IS NOT NULL`,
      [providerId],
    );
    const provider = services[0];
    if (!provider) return [];
    const types = requestTypesCoveredBy(provider.service_types);
    if (types.length === 0) return [];
    const rows: { request_id: string; distance_miles: number; providers_asked: number }[] = await manager.query(
      `WITH m AS (
         INSERT INTO "requests"."offers" ("request_id", "provider_id", "distance_miles")
         SELECT c."id", $1, c."miles" FROM (
           SELECT r."id", 2 * ${LIMITS.earthRadiusMiles} * asin(least(1, sqrt(
               power(sin(radians(r."lat" - p."lat") / 2), 2)
               + cos(radians(p."lat")) * cos(radians(r."lat")) * power(sin(radians(r."lng" - p."lng") / 2), 2)))) AS "miles",
             p."service_radius_miles"
           FROM "requests"."service_requests" r, "requests"."provider_profiles" p
           WHERE p."id" = $1 AND r."tire_status" = 'Bids Open' AND r."expires_at" > now()
             AND r."service_type" = ANY($2::text[])
             AND p."coverage" @> box(point(r."lng", r."lat"), point(r."lng", r."lat"))
         ) c
         WHERE c."miles" <= c."service_radius_miles"
         ON CONFLICT DO NOTHING
         RETURNING "request_id", "distance_miles"
       )
       SELECT m."request_id", m."distance_miles",
              (SELECT count(*) FROM "requests"."offers" o WHERE o."request_id" = m."request_id")::int + 1 AS "providers_asked"
         FROM m ORDER BY m."distance_miles"`,
      [providerId, types],
    );
    // The count subquery reads the snapshot before this statement's insert: +1 counts the new offer.
    return rows.map((r) => ({ requestId: r.request_id, distanceMiles: Number(r.distance_miles), providersAsked: Number(r.providers_asked) }));
  }

  /** The same query without storing offers (service type included): the benchmark measures it. */
  async find(manager: EntityManager, lat: number, lng: number, serviceType: ServiceType = 'Flat Tire Repair'): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT c."id" FROM (
         SELECT p."id", ${haversineSql('$1', '$2')} AS "miles", p."service_radius_miles"
         FROM "requests"."provider_profiles" p
         WHERE p."is_approved" = true AND p."online" = true
           AND p."coverage" @> box(point($2, $1), point($2, $1))
           AND p."service_types" && $3::text[]
       ) c WHERE c."miles" <= c."service_radius_miles"`,
      [lat, lng, PROVIDER_SERVICES_FOR_REQUEST[serviceType]],
    );
    return rows.map((r) => r.id);
  }
}
