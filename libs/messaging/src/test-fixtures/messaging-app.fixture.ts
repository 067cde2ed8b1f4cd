import { Column, Entity, PrimaryGeneratedColumn, type MigrationInterface, type QueryRunner } from 'typeorm';
import { defineEvent } from '@tiredash/contracts';
import { z } from 'zod';

/** Test-only: a table the event handlers write to, its migration, and test events on the IDENTITY stream. */
@Entity({ name: 'note' })
export class NoteEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  text!: string;
}

export class CreateNote1700000000001 implements MigrationInterface {
  name = 'CreateNote1700000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "svc"."note" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "text" character varying(200) NOT NULL, CONSTRAINT "PK_note" PRIMARY KEY ("id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "svc"."note"`);
  }
}

export function testEvent<N extends string>(name: N) {
  return defineEvent('IDENTITY', `identity.evt.test-${name}.happened.v1`, z.object({ n: z.number().int() }));
}
