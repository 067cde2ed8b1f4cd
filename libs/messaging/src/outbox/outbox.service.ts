import { Injectable } from '@nestjs/common';
import type { AnyEventDef, EventPayload } from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { validationFailed } from '../zod-errors';
import { OutboxEntity } from './outbox.entity';

/** Writes events into the outbox inside the caller's transaction; the OutboxRelay publishes them. */
@Injectable()
export class OutboxService {
  /** Validates the payload with def.schema and inserts the row with `manager`; returns the event id. */
  async add<E extends AnyEventDef>(manager: EntityManager, def: E, payload: EventPayload<E>): Promise<string> {
    const parsed = def.schema.safeParse(payload);
    if (!parsed.success) throw validationFailed(parsed.error, `Invalid payload for event ${def.subject}`);
    const id = randomUUID();
    const row: Omit<OutboxEntity, 'seq'> = {
      id,
      subject: def.subject,
      payload: parsed.data as Record<string, unknown>,
      occurredAt: new Date(),
      publishedAt: null,
    };
    await manager.insert(OutboxEntity, row as QueryDeepPartialEntity<OutboxEntity>);
    return id;
  }
}
