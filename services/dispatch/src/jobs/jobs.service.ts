import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import type { Actor, EtaView, JobAccessView, JobPointView, JobView } from '@tiredash/contracts';
import { DomainError } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { GeoService } from '../geo/geo.service';
import { LocationStore } from '../location/location-store';
import { JobEntity } from './entities/job.entity';
import { TrackPointEntity } from './entities/track-point.entity';
import { JobsError } from './jobs.errors';

const ACTIVE = new Set(['En Route', 'Arrived']);

/** Reads of a job: for its parties (views with the live point and ETA) and for realtime's stream checks. */
@Injectable()
export class JobsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locations: LocationStore,
    private readonly geo: GeoService,
  ) {}

  async access(requestId: string): Promise<JobAccessView> {
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ requestId });
    if (!job) throw JobsError.notFound();
    return {
      requestId: job.requestId,
      providerId: job.providerId,
      providerUserId: job.providerUserId,
      customerId: job.customerId,
      customerUserId: job.customerUserId,
      status: job.status,
      active: ACTIVE.has(job.status),
    };
  }

  async get(actor: Actor, requestId: string, withTrack: boolean): Promise<JobView> {
    if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ requestId });
    if (!job) throw JobsError.notFound();
    const party = actor.role === 'admin' || actor.userId === job.customerUserId || (job.providerUserId !== null && actor.userId === job.providerUserId);
    if (!party) throw JobsError.notYours();
    const latest = await this.locations.latest(requestId);
    const view: JobView = {
      id: job.requestId,
      documentId: job.requestId,
      requestId: job.requestId,
      status: job.status,
      providerId: job.providerId,
      customerId: job.customerId,
      paymentMethod: job.paymentMethod,
      amount: job.amountCents / 100,
      origin: job.originLat !== null && job.originLng !== null ? { lat: job.originLat, lng: job.originLng } : null,
      destination: {
        lat: job.destinationLat ?? 0,
        lng: job.destinationLng ?? 0,
        address: job.destinationAddress,
      },
      latest,
      eta: await this.eta(job, latest),
      acceptedAt: job.acceptedAt.toISOString(),
      arrivedAt: job.arrivedAt?.toISOString() ?? null,
      completedAt: job.completedAt?.toISOString() ?? null,
      confirmedAt: job.confirmedAt?.toISOString() ?? null,
      cancelledAt: job.cancelledAt?.toISOString() ?? null,
      updatedAt: job.updatedAt.toISOString(),
    };
    if (withTrack) {
      const points = await this.dataSource.getRepository(TrackPointEntity).find({ where: { requestId }, order: { recordedAt: 'ASC', id: 'ASC' }, take: 5000 });
      view.track = points.map((p) => ({ lat: p.lat, lng: p.lng, at: p.recordedAt.toISOString() }));
    }
    return view;
  }

  /** While en route: the route's duration (cached directions) from the latest point, else the origin; else a straight line. */
  private async eta(job: JobEntity, latest: JobPointView | null): Promise<EtaView | null> {
    if (job.status !== 'En Route' || job.destinationLat === null || job.destinationLng === null) return null;
    const from = latest ?? (job.originLat !== null && job.originLng !== null ? { lat: job.originLat, lng: job.originLng } : null);
    if (!from) return null;
    const route = await this.geo.routeForEta(`job:${job.requestId}`, { lat: from.lat, lng: from.lng }, { lat: job.destinationLat, lng: job.destinationLng });
    return { minutes: route.etaMinutes, distanceMiles: route.distanceMiles, source: route.fallback ? 'straight-line' : 'route' };
  }
}
