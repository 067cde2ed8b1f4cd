import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { DomainError, distanceMiles, type Actor, type JobLocationSummary } from '@tiredash/contracts';
import { DataSource } from 'typeorm';
import { round2 } from '../common/geo-math';
import { JobEntity } from './entities/job.entity';
import { TrackPointEntity } from './entities/track-point.entity';

/**
 * The location side of a job for the admin's request timeline (disputes, issue 13 item 7), from dispatch's own
 * records: the starting point and the job address, the sampled track (points, first and last time, its length), how
 * far the last point was from the job address, and the arrival, completion and cancellation times. Admins only.
 */
@Injectable()
export class LocationSummaryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async summary(actor: Actor, requestId: string): Promise<JobLocationSummary> {
    if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    if (actor.role !== 'admin') throw new DomainError('ROLE_NOT_ALLOWED', "Only admins read a job's location summary");
    const job = await this.dataSource.getRepository(JobEntity).findOneBy({ requestId });
    const empty: JobLocationSummary = {
      requestId,
      found: false,
      origin: null,
      destination: null,
      startDistanceMiles: null,
      trackPoints: 0,
      firstPointAt: null,
      lastPointAt: null,
      trackMiles: 0,
      lastPointToJobMiles: null,
      acceptedAt: null,
      arrivedAt: null,
      minutesToArrive: null,
      completedAt: null,
      cancelledAt: null,
    };
    if (!job) return empty;
    const points = await this.dataSource.getRepository(TrackPointEntity).find({ where: { requestId }, order: { recordedAt: 'ASC', id: 'ASC' }, take: 10000 });
    let trackMiles = 0;
    points.reduce<TrackPointEntity | null>((prev, p) => {
      if (prev) trackMiles += distanceMiles(prev, p);
      return p;
    }, null);
    const origin = job.originLat !== null && job.originLng !== null ? { lat: job.originLat, lng: job.originLng } : null;
    const destination = job.destinationLat !== null && job.destinationLng !== null ? { lat: job.destinationLat, lng: job.destinationLng, address: job.destinationAddress } : null;
    const last = points[points.length - 1] ?? null;
    return {
      ...empty,
      found: true,
      origin,
      destination,
      startDistanceMiles: origin && destination ? round2(distanceMiles(origin, destination)) : null,
      trackPoints: points.length,
      firstPointAt: points[0]?.recordedAt.toISOString() ?? null,
      lastPointAt: last?.recordedAt.toISOString() ?? null,
      trackMiles: round2(trackMiles),
      lastPointToJobMiles: last && destination ? round2(distanceMiles(last, destination)) : null,
      acceptedAt: job.acceptedAt.toISOString(),
      arrivedAt: job.arrivedAt?.toISOString() ?? null,
      minutesToArrive: job.arrivedAt ? Math.round((job.arrivedAt.getTime() - job.acceptedAt.getTime()) / 60000) : null,
      completedAt: job.completedAt?.toISOString() ?? null,
      cancelledAt: job.cancelledAt?.toISOString() ?? null,
    };
  }
}
