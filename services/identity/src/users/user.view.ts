import type { UserView } from '@tiredash/contracts';
import { toCustomerView } from '../customers/customer.view';
import type { CustomerEntity } from '../customers/entities/customer.entity';
import type { ProviderEntity } from '../providers/entities/provider.entity';
import { providerLocation, toProviderView } from '../providers/provider.view';
import type { UserEntity } from './entities/user.entity';

/** The user with its role and, when present, its customer or business profile (`populate=*`). */
export function toUserView(
  user: UserEntity,
  customer: CustomerEntity | null,
  business: ProviderEntity | null,
): UserView {
  return {
    id: user.id,
    documentId: user.id,
    username: user.username,
    email: user.email,
    accountType: user.accountType,
    role: user.role === null ? null : { name: user.role, type: user.role },
    customer: customer ? toCustomerView(customer, user) : null,
    business: business ? toProviderView(business, user, 'full') : null,
    location: business ? providerLocation(business) : null,
    serviceArea: business ? { radius: business.serviceRadiusMiles, address: business.serviceAddress } : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
