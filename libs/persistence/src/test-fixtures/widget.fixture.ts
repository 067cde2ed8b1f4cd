import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Test-only entity and migration used by the persistence integration tests. */
@Entity({ name: 'widget' })
export class WidgetEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'integer', name: 'price_cents' })
  priceCents!: number;

  @CreateDateColumn({ type: 'timestamptz', name: 'created_at' })
  createdAt!: Date;
}

/** Same table plus a column no migration creates. */
@Entity({ name: 'widget' })
export class DriftedWidgetEntity extends WidgetEntity {
  @Column({ type: 'text', name: 'colour', nullable: true })
  colour!: string | null;
}

export function widgetMigration(schema: string, sleepSeconds = 0) {
  return class CreateWidget1700000000000 implements MigrationInterface {
    name = 'CreateWidget1700000000000';

    async up(q: QueryRunner): Promise<void> {
      await q.query(
        `CREATE TABLE "${schema}"."widget" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" character varying(100) NOT NULL, "price_cents" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_widget" PRIMARY KEY ("id"))`,
      );
      if (sleepSeconds > 0) await q.query(`SELECT pg_sleep(${sleepSeconds})`);
    }

    async down(q: QueryRunner): Promise<void> {
      await q.query(`DROP TABLE "${schema}"."widget"`);
    }
  };
}
