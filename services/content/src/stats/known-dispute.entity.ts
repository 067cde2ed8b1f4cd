import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A problem reported with a job (requests' DisputeOpened / DisputeResolved): the 'Reported Issues' tile counts the open
 * ones. A resolution consumed before its opening inserts the row resolved, and the opening then leaves it so.
 */
@Entity({ name: 'known_disputes' })
export class KnownDisputeEntity {
  @PrimaryColumn('uuid', { name: 'dispute_id', primaryKeyConstraintName: 'pk_known_disputes' })
  disputeId!: string;

  @Column('uuid', { name: 'request_id' })
  requestId!: string;

  @Column('boolean')
  open!: boolean;
}
