import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { ContentPage } from '@tiredash/contracts';

/** One content page (home, about, contact, careers, privacy, terms): its fields as saved, HTML already sanitised. */
@Entity({ name: 'pages' })
@Check('ck_pages_key', `"key" IN ('home', 'about', 'contact', 'careers', 'privacy', 'terms')`)
export class PageEntity {
  @PrimaryColumn('varchar', { length: 20, primaryKeyConstraintName: 'pk_pages' })
  key!: ContentPage;

  @Column('jsonb')
  data!: Record<string, unknown>;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;

  @Column('uuid', { name: 'updated_by' })
  updatedBy!: string;
}
