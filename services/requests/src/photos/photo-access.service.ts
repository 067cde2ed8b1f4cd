import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { requireActor } from '../common/actor-rules';

/**
 * Who may see a request's photos besides their owner and the admins (the gateway decides those two itself): the
 * parties of the request, i.e. its customer and its accepted provider. A photo belongs to a request when its id is in
 * the request's `photos` and it was uploaded by the request's customer, so an id copied into another request never
 * opens someone else's file.
 */
@Injectable()
export class PhotoAccessService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async allowed(actor: Actor, uploads: { id: string; ownerId: string }[]): Promise<string[]> {
    const known = requireActor(actor);
    if (uploads.length === 0) return [];
    // One query: the caller's requests as customer or as accepted provider (both indexed), then their photos
    // matched against the uploads asked about, each with its owner.
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT u.id
         FROM unnest($1::text[], $2::uuid[]) AS u(id, owner)
         JOIN "requests"."service_requests" r ON u.id = ANY (r.photos) AND r.customer_user_id = u.owner
        WHERE r.customer_user_id = $3
           OR r.provider_id IN (SELECT p.id FROM "requests"."provider_profiles" p WHERE p.user_id = $3)`,
      [uploads.map((u) => u.id), uploads.map((u) => u.ownerId), known.userId],
    );
    return rows.map((r) => r.id);
  }
}
