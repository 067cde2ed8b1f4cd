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

/**
 * The provider as the API shows it, money in dollars. `audience: 'public'` (any other logged-in user)
 * hides the wallet balance and the identity document uploads; the owner and admins see everything.
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
    fullName: p.fullName,
    phone: p.phone,
    hourlyRate: toDollars(p.hourlyRateCents),
    yearsExperience: p.yearsExperience,
    service_types: [...p.serviceTypes],
    serviceArea: { radius: p.serviceRadiusMiles, address: p.serviceAddress, lat: p.serviceLat, lng: p.serviceLng },
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
    location: providerLocation(p),
    user: toUserLinkView(user),
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
