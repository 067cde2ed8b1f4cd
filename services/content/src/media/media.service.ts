import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  DomainError,
  MediaUploaded,
  UPLOAD_LIMITS,
  uploadMessages,
  visibilityOfPurpose,
  type Actor,
  type MediaRecord,
  type MediaView,
  type StoredFile,
  type UploadPurpose,
} from '@tiredash/contracts';
import { DataSource, In } from 'typeorm';
import { requireActor, requireAdmin } from '../common/actor-rules';
import { MediaEntity } from './media.entity';
import { toMediaRecord, toMediaView } from './media.view';

/**
 * Records of uploaded images. The gateway stores the files (see services/gateway/src/content/storage) and
 * sends their metadata here; the rules of the purpose are checked again and every row is written in one
 * transaction, so a refused or failed batch leaves no row (and the gateway then deletes the files).
 */
@Injectable()
export class MediaService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async register(actor: Actor, purpose: UploadPurpose, files: StoredFile[]): Promise<MediaView[]> {
    const known = purpose === 'logo' ? requireAdmin(actor) : requireActor(actor);
    const limits = UPLOAD_LIMITS[purpose];
    if (files.length > limits.maxFiles) {
      throw new DomainError('VALIDATION_FAILED', uploadMessages.tooMany(limits.maxFiles), [
        { path: 'files', message: uploadMessages.tooMany(limits.maxFiles) },
      ]);
    }
    const big = files.find((f) => f.size > limits.maxBytes);
    if (big) {
      const message = uploadMessages.tooLarge(big.name, limits.maxBytes);
      throw new DomainError('PAYLOAD_TOO_LARGE', message, [{ path: 'files', message }]);
    }
    return this.dataSource.transaction(async (manager) => {
      const rows = files.map((f) =>
        manager.create(MediaEntity, {
          id: f.id,
          purpose,
          name: f.name,
          fileName: f.fileName,
          mime: f.mime,
          sizeBytes: f.size,
          storageKey: f.storageKey,
          uploadedBy: known.userId,
          // Decided here from the purpose, never from the caller: only an admin's logo is public.
          visibility: visibilityOfPurpose(purpose),
        }),
      );
      await manager.insert(MediaEntity, rows);
      const saved = await manager.getRepository(MediaEntity).find({ where: rows.map((r) => ({ id: r.id })) });
      const byId = new Map(saved.map((s) => [s.id, s]));
      await this.outbox.add(manager, MediaUploaded, {
        ids: rows.map((r) => r.id),
        purpose,
        by: known.userId,
        at: new Date().toISOString(),
      });
      return rows.map((r) => toMediaView(byId.get(r.id) ?? r));
    });
  }

  async record(id: string): Promise<MediaRecord> {
    const m = await this.dataSource.getRepository(MediaEntity).findOne({ where: { id } });
    if (!m) throw new DomainError('NOT_FOUND', 'Upload not found');
    return toMediaRecord(m);
  }

  /** The records of the uploads among `ids` that exist (one query). */
  async records(ids: string[]): Promise<MediaRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.dataSource.getRepository(MediaEntity).findBy({ id: In([...new Set(ids)]) });
    return rows.map(toMediaRecord);
  }
}
