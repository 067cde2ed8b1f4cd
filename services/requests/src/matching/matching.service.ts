import { Injectable } from '@nestjs/common';
import { LIMITS } from '@tiredash/contracts';
import type { EntityManager } from 'typeorm';

export interface MatchedProvider {
  providerId: string;
  userId: string;
  distanceMiles: number;
}

/** Great-circle miles between the provider row `p` and the point ($lat, $lng), earth radius 3958.8. */
export function haversineSql(lat: string, lng: string): string {
  return `2 * ${LIMITS.earthRadiusMiles} * asin(least(1, sqrt(
      power(sin(radians(${lat} - p."lat") / 2), 2)
      + cos(radians(p."lat")) * cos(radians(${lat})) * power(sin(radians(${lng} - p."lng") / 2), 2))))`;
}

/**
 * Matching: the approved, online providers whose service radius covers the request point. The GiST index on
 * `coverage` (partial: approved and online) narrows 100k providers to those whose bounding box holds the
 * point; the exact haversine check runs in SQL on those few. The offers are stored in the same transaction.
 */
@Injectable()
export class MatchingService {
  async offer(manager: EntityManager, requestId: string, lat: number, lng: number): Promise<MatchedProvider[]> {
    const rows: { provider_id: string; user_id: string; distance_miles: number }[] = await manager.query(
      `WITH m AS (
         INSERT INTO "requests"."offers" ("request_id", "provider_id", "distance_miles")
         SELECT $1, c."id", c."miles" FROM (
           SELECT p."id", ${haversineSql('$2', '$3')} AS "miles", p."service_radius_miles"
           FROM "requests"."provider_profiles" p
           WHERE p."is_approved" = true AND p."online" = true
             AND p."coverage" @> box(point($3, $2), point($3, $2))
         ) c
         WHERE c."miles" <= c."service_radius_miles"
         RETURNING "provider_id", "distance_miles"
       )
       SELECT m."provider_id", p."user_id", m."distance_miles"
       FROM m JOIN "requests"."provider_profiles" p ON p."id" = m."provider_id"
       ORDER BY m."distance_miles"`,
      [requestId, lat, lng],
    );
    return rows.map((r) => ({ providerId: r.provider_id, userId: r.user_id, distanceMiles: Number(r.distance_miles) }));
  }

  /** The same query without storing offers: the benchmark measures it. */
  async find(manager: EntityManager, lat: number, lng: number): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT c."id" FROM (
         SELECT p."id", ${haversineSql('$1', '$2')} AS "miles", p."service_radius_miles"
         FROM "requests"."provider_profiles" p
         WHERE p."is_approved" = true AND p."online" = true
           AND p."coverage" @> box(point($2, $1), point($2, $1))
       ) c WHERE c."miles" <= c."service_radius_miles"`,
      [lat, lng],
    );
    return rows.map((r) => r.id);
  }
}
