import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One kept point of a job's track (at most one per TRACK_MIN_INTERVAL_SECONDS or TRACK_MIN_DISTANCE_METERS). */
@Entity({ name: 'track_points' })
@Index('ix_track_points_request', ['requestId', 'recordedAt'])
export class TrackPointEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', primaryKeyConstraintName: 'pk_track_points' })
  id!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('double precision')
  lat!: number;

  @Column('double precision')
  lng!: number;

  @Column('timestamptz', { name: 'recorded_at' })
  recordedAt!: Date;
}
