import { toDollars, type GeoPoint, type ProviderSnapshot, type ProviderView } from '@tiredash/contracts';
import { toUserLinkView } from '../users/user-link.view';
import type { UserEntity } from '../users/entities/user.entity';
import type { ProviderEntity } from './entities/provider.entity';

export function providerLocation(p: ProviderEntity): GeoPoint | null {
  if (p.locationLat === null || p.locationLng === null) return null;
  return p.locationAddress === null
    ? { lat: p.locationLat, lng: p.locationLng }
    : { address: p.locationAddress, lat: p.locationLat, lng: p.locationLng };
}

/** About 1 km: the public sees where a provider works, not where it is. */
function approximate(v: number | null): number | null {
  return v === null ? null : Math.round(v * 100) / 100;
}

/**
 * The provider as the API shows it, money in dollars. The owner and admins see everything. `audience: 'public'`
 * (any other signed-in user) is privacy by default: business name, services, rating, jobs, rates and the service
 * radius with its centre rounded to about 1 km; never the person's name, phone, e-mail, the address, the exact or
 * live position, the documents or the wallet.
 */
export function toProviderView(
  p: ProviderEntity,
  user: UserEntity | null | undefined,
  audience: 'full' | 'public',
): ProviderView {
  const full = audience === 'full';
  return {
    id: p.id,
    documentId: p.id,
    businessName: p.businessName,
    fullName: full ? p.fullName : null,
    phone: full ? p.phone : '',
    hourlyRate: toDollars(p.hourlyRateCents),
    yearsExperience: p.yearsExperience,
    service_types: [...p.serviceTypes],
    serviceArea: full
      ? { radius: p.serviceRadiusMiles, address: p.serviceAddress, lat: p.serviceLat, lng: p.serviceLng }
      : { radius: p.serviceRadiusMiles, address: null, lat: approximate(p.serviceLat), lng: approximate(p.serviceLng) },
    vehicleSpecs: p.vehicleSpecs,
    online: p.online,
    lastSeenAt: full && p.lastSeenAt ? p.lastSeenAt.toISOString() : null,
    businessId: full ? p.businessId : null,
    businessLicense: full ? p.businessLicense : null,
    isApproved: p.isApproved,
    // The ledger's balance, filled in by the gateway from payments for the owner and admins.
    walletBalance: 0,
    totalJobs: p.totalJobs,
    rating: p.rating,
    location: full ? providerLocation(p) : null,
    user: full ? toUserLinkView(user) : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The event snapshot other domains keep as their read model of a provider. */
export function toProviderSnapshot(p: ProviderEntity): ProviderSnapshot {
  return {
    providerId: p.id,
    userId: p.userId,
    businessName: p.businessName,
    fullName: p.fullName,
    phone: p.phone,
    serviceTypes: [...p.serviceTypes],
    serviceRadiusMiles: p.serviceRadiusMiles,
    serviceAddress: p.serviceAddress,
    location: providerLocation(p),
    serviceLocation: p.serviceLat !== null && p.serviceLng !== null ? { lat: p.serviceLat, lng: p.serviceLng } : null,
    online: p.online,
    isApproved: p.isApproved,
    hourlyRateCents: p.hourlyRateCents,
    yearsExperience: p.yearsExperience,
  };
}
