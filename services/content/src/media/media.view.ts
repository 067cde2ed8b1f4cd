import { uploadUrl, type LogoView, type MediaView } from '@tiredash/contracts';
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
    createdAt: m.createdAt.toISOString(),
  };
}

export function toLogoView(m: MediaEntity | null | undefined): LogoView | null {
  return m ? { id: m.id, url: uploadUrl(m.id, m.fileName) } : null;
}
