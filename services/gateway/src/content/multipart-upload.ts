import { randomUUID } from 'node:crypto';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  DEFAULT_UPLOAD_PURPOSE,
  detectImageMime,
  DomainError,
  MAX_UPLOAD_BYTES,
  UPLOAD_LIMITS,
  uploadMessages,
  uploadPurposeSchema,
  safeFileName,
  type ImageMime,
  type StoredFile,
  type UploadPurpose,
} from '@tiredash/contracts';
import type { FastifyRequest } from 'fastify';
import type { MediaStorage } from './storage/media-storage';

export interface ReceivedFile {
  name: string;
  data: Buffer;
  /** Over the largest limit of any purpose: the reader stopped keeping its bytes. */
  truncated: boolean;
}

const fail = (code: 'VALIDATION_FAILED' | 'PAYLOAD_TOO_LARGE', message: string): DomainError =>
  new DomainError(code, message, [{ path: 'files', message }]);

/**
 * Reads `multipart/form-data` with the files in `files` (any field name holding a file is accepted) and an
 * optional `purpose` field. At most MAX_UPLOAD_BYTES of each file is kept and one file more than the largest
 * count is read, so a request cannot make the gateway hold more than 6 x 5 MB.
 */
export async function readUploadForm(req: FastifyRequest): Promise<{ purpose: UploadPurpose; files: ReceivedFile[] }> {
  if (!req.isMultipart()) throw new DomainError('BAD_REQUEST', 'Send the files as multipart/form-data in the field "files"');
  const maxCount = Math.max(...Object.values(UPLOAD_LIMITS).map((l) => l.maxFiles));
  const files: ReceivedFile[] = [];
  let purposeRaw: unknown = undefined;
  let extraFiles = 0;
  try {
    // The plugin is registered with throwFileSizeLimit: false (content-http.setup.ts): over-limit files arrive
    // truncated (file.truncated) and are refused below with the spec's message.
    const parts = req.parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: maxCount + 1, fields: 10, fieldSize: 1000 },
    });
    for await (const part of parts as AsyncIterableIterator<MultipartFile | MultipartValue>) {
      if (part.type === 'field') {
        if (part.fieldname === 'purpose') purposeRaw = part.value;
        continue;
      }
      if (files.length >= maxCount) {
        extraFiles += 1;
        part.file.resume();
        continue;
      }
      // Also when another registration of the plugin throws on over-limit files instead of truncating them.
      const data = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      files.push({ name: part.filename || 'file', data: data ?? Buffer.alloc(0), truncated: data === null || part.file.truncated });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') extraFiles += 1;
    else throw err;
  }
  const purpose = purposeRaw === undefined || purposeRaw === '' ? DEFAULT_UPLOAD_PURPOSE : uploadPurposeSchema.safeParse(purposeRaw);
  if (typeof purpose !== 'string' && !purpose.success) {
    throw new DomainError('VALIDATION_FAILED', 'Unknown upload purpose', [
      { path: 'purpose', message: `purpose must be one of ${uploadPurposeSchema.options.join(', ')}` },
    ]);
  }
  const p: UploadPurpose = typeof purpose === 'string' ? purpose : purpose.data;
  const limits = UPLOAD_LIMITS[p];
  if (files.length + extraFiles > limits.maxFiles) throw fail('VALIDATION_FAILED', uploadMessages.tooMany(limits.maxFiles));
  if (files.length === 0) throw fail('VALIDATION_FAILED', uploadMessages.noFiles());
  return { purpose: p, files };
}

/** Images only (by their bytes, whatever the name says), each within the purpose's size limit. */
export function checkFiles(purpose: UploadPurpose, files: ReceivedFile[]): { file: ReceivedFile; mime: ImageMime }[] {
  const limits = UPLOAD_LIMITS[purpose];
  return files.map((file) => {
    if (file.truncated || file.data.length > limits.maxBytes) throw fail('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge(file.name, limits.maxBytes));
    const mime = detectImageMime(file.data);
    if (mime === null) throw fail('VALIDATION_FAILED', uploadMessages.notAnImage(file.name));
    return { file, mime };
  });
}

/**
 * Writes every file to the storage; if one write fails, the ones already written are deleted and the error
 * rethrown. Answers the metadata content records.
 */
export async function storeFiles(
  storage: MediaStorage,
  checked: { file: ReceivedFile; mime: ImageMime }[],
  now: Date = new Date(),
): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  try {
    for (const { file, mime } of checked) {
      const id = randomUUID();
      const fileName = safeFileName(file.name, mime);
      const storageKey = `${month}/${id}/${fileName}`;
      await storage.put(storageKey, file.data, mime);
      stored.push({ id, name: file.name.slice(0, 255), fileName, mime, size: file.data.length, storageKey });
    }
  } catch (err) {
    await deleteStored(storage, stored);
    throw err;
  }
  return stored;
}

export async function deleteStored(storage: MediaStorage, files: StoredFile[]): Promise<void> {
  await Promise.all(files.map((f) => storage.delete(f.storageKey).catch(() => undefined)));
}
