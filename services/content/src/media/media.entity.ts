import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ImageMime, UploadPurpose, UploadVisibility } from '@tiredash/contracts';

/**
 * An uploaded image: its file lives in the storage (local disk or S3) under `storageKey`. Its owner is the user who
 * uploaded it (`uploadedBy`); `visibility` says whether anyone may fetch it (site content) or only through signed URLs.
 */
@Entity({ name: 'media' })
@Check('ck_media_visibility', `"visibility" IN ('public', 'private')`)
@Check('ck_media_purpose', `"purpose" IN ('registration', 'request-photo', 'profile-image', 'logo')`)
@Check('ck_media_mime', `"mime" IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp')`)
@Check('ck_media_size', `"size_bytes" > 0`)
@Index('ix_media_uploaded_by', ['uploadedBy'])
export class MediaEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'pk_media' })
  id!: string;

  @Column('varchar', { length: 20 })
  purpose!: UploadPurpose;

  /** The name the file was uploaded with. */
  @Column('varchar', { length: 255 })
  name!: string;

  /** The URL-safe name it is served under. */
  @Column('varchar', { name: 'file_name', length: 120 })
  fileName!: string;

  @Column('varchar', { length: 30 })
  mime!: ImageMime;

  @Column('integer', { name: 'size_bytes' })
  sizeBytes!: number;

  @Column('varchar', { name: 'storage_key', length: 300, unique: true })
  storageKey!: string;

  @Column('uuid', { name: 'uploaded_by' })
  uploadedBy!: string;

  @Column('varchar', { length: 10 })
  visibility!: UploadVisibility;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
