import { uploadUrl, type LogoView, type MediaRecord, type MediaView } from '@tiredash/contracts';
import type { MediaEntity } from './media.entity';

export function toMediaView(m: MediaEntity): MediaView {
  return {
    id: m.id,
    documentId: m.id,
    url: uploadUrl(m.id, m.fileName),
    name: m.name,
    mime: m.mime,
    size: m.sizeBytes,
    purpose: m.purpose,
    visibility: m.visibility,
    createdAt: m.createdAt.toISOString(),
  };
}

/** The logo anyone sees; a private upload is never shown as one (its URL would be refused). */
export function toLogoView(m: MediaEntity | null | undefined): LogoView | null {
  return m && m.visibility === 'public' ? { id: m.id, url: uploadUrl(m.id, m.fileName) } : null;
}

export function toMediaRecord(m: MediaEntity): MediaRecord {
  return {
    id: m.id,
    fileName: m.fileName,
    mime: m.mime,
    size: m.sizeBytes,
    storageKey: m.storageKey,
    purpose: m.purpose,
    ownerId: m.uploadedBy,
    visibility: m.visibility,
  };
}
