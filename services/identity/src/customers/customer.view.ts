import type { CustomerView } from '@tiredash/contracts';
import { toUserLinkView } from '../users/user-link.view';
import type { UserEntity } from '../users/entities/user.entity';
import type { CustomerEntity } from './entities/customer.entity';

export function toCustomerView(customer: CustomerEntity, user: UserEntity | null | undefined): CustomerView {
  return {
    id: customer.id,
    documentId: customer.id,
    fullName: customer.fullName,
    phone: customer.phone,
    paymentMethod: customer.paymentMethod,
    totalJobs: customer.totalJobs,
    user: toUserLinkView(user),
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}
