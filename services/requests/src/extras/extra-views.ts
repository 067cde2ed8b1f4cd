import type { JobExtraView } from '@tiredash/contracts';
import type { EntityManager } from 'typeorm';
import { toDollars } from '../common/money';
import { JobExtraEntity } from './entities/job-extra.entity';

export function extraView(r: JobExtraEntity): JobExtraView {
  return {
    id: r.id,
    documentId: r.id,
    requestId: r.requestId,
    serviceType: r.serviceType,
    amount: toDollars(r.amountCents),
    status: r.status,
    clientExtraId: r.clientExtraId,
    chargeTotal: r.chargeTotalCents === null ? null : toDollars(r.chargeTotalCents),
    declineMessage: r.declineMessage,
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
  };
}

/** The extras of each request, oldest first (the request view's `extras`), in one query. */
export async function extrasOf(m: EntityManager, requestIds: string[]): Promise<Map<string, JobExtraView[]>> {
  const out = new Map<string, JobExtraView[]>();
  if (requestIds.length === 0) return out;
  const rows = await m
    .getRepository(JobExtraEntity)
    .createQueryBuilder('e')
    .where('e.request_id = ANY(:ids)', { ids: requestIds })
    .orderBy('e.createdAt', 'ASC')
    .addOrderBy('e.id', 'ASC')
    .getMany();
  for (const r of rows) out.set(r.requestId, [...(out.get(r.requestId) ?? []), extraView(r)]);
  return out;
}
