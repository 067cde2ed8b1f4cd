import { Controller, Get, Inject, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor, Public } from '@tiredash/auth';
import { DomainError, RegisterUploads, type Actor, type MediaView } from '@tiredash/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { checkFiles, deleteStored, readUploadForm, storeFiles } from './multipart-upload';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';
import { UploadAccess } from './upload-access.service';
import { UploadBytesBudget } from './upload-bytes-budget';

/** Public site images (the logo) never change: a year of caching, everywhere. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What a refused fetch of a private file says, by reason. */
const REFUSED: Record<'SIGNATURE_REQUIRED' | 'SIGNATURE_INVALID' | 'URL_EXPIRED', string> = {
  SIGNATURE_REQUIRED: 'This file is private: open it through the signed link the API gives to those allowed to see it',
  SIGNATURE_INVALID: 'This link to a private file is not valid',
  URL_EXPIRED: 'This link to a private file has expired: load the page again for a new one',
};

/**
 * Uploads: the gateway reads the multipart form, checks the files (images by their bytes, the purpose's
 * count and size limits), writes them to the storage itself (NATS messages stay small: content receives only
 * the metadata) and asks content to record them in one transaction. If content refuses or fails, the files
 * just written are deleted, so no row and no file is left behind.
 *
 * Serving: a public upload (an admin's logo) to anyone, cached for a year; a private one (documents, request
 * photos, profile images) only through a short-lived signed URL (UploadAccess), `Cache-Control: private`.
 */
export interface UploadedFileInfo {
  id: string;
  documentId: string;
  url: string;
  name: string;
  mime: string;
  size: number;
}

@ApiTags('uploads')
@Controller('api')
export class UploadsController {
  private readonly logger = new Logger(UploadsController.name);

  constructor(
    private readonly rpc: RpcService,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
    private readonly access: UploadAccess,
    private readonly bytes: UploadBytesBudget,
  ) {}

  @Post('upload')
  @RouteConfig(abuseLimit('upload', 'account'))
  @ApiConsumes('multipart/form-data')
  @ApiRoute({
    summary: 'Upload images (multipart field "files"; optional field "purpose": registration | request-photo | profile-image | logo)',
    errors: [400, 401, 403, 413, 429],
  })
  async upload(@CurrentActor() actor: Actor, @Req() req: FastifyRequest): Promise<MediaView[]> {
    if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    const { purpose, files } = await readUploadForm(req);
    if (purpose === 'logo' && actor.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only an admin may upload the logo');
    const checked = checkFiles(purpose, files);
    // The account's bytes of the day, taken before anything is written and given back if nothing is kept.
    const bytes = checked.reduce((n, c) => n + c.file.data.length, 0);
    await this.bytes.take(actor.userId, bytes);
    let stored: Awaited<ReturnType<typeof storeFiles>>;
    try {
      stored = await storeFiles(this.storage, checked);
    } catch (err) {
      await this.bytes.giveBack(actor.userId, bytes);
      throw err;
    }
    let registered: MediaView[];
    try {
      registered = await this.rpc.send(RegisterUploads, { actor, purpose, files: stored });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'TIMEOUT') {
        // Content may have committed: keeping possibly unreferenced files beats rows pointing at nothing.
        this.logger.warn(`upload registration timed out; kept ${stored.length} file(s): ${stored.map((f) => f.storageKey).join(', ')}`);
      } else {
        await deleteStored(this.storage, stored);
        await this.bytes.giveBack(actor.userId, bytes);
      }
      throw err;
    }
    // The uploader owns them: private files come back with a freshly signed URL.
    const fileNames = new Map(stored.map((f) => [f.id, f.fileName]));
    return registered.map((m) => {
      const fileName = fileNames.get(m.id);
      return m.visibility === 'public' || fileName === undefined ? m : { ...m, url: this.access.signer.sign(m.id, fileName) };
    });
  }

  @Public()
  @Get('uploads/:id/:fileName')
  @ApiQuery({ name: 'expires', required: false, description: 'Signed URL of a private file: its expiry (Unix seconds)' })
  @ApiQuery({ name: 'signature', required: false, description: 'Signed URL of a private file: its signature' })
  @ApiRoute({
    summary:
      'An uploaded image: a public site image to anyone (long cache); a private file only with the signature the API added to its URL (expires, signature), Cache-Control: private',
    auth: false,
    errors: [403, 404],
  })
  async file(
    @Param('id') rawId: string,
    @Param('fileName') fileName: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const id = parseId(rawId);
    const signed = expires !== undefined || signature !== undefined;
    // A signature is checked before anything is looked up: a forged link costs no round trip.
    const check = signed ? this.access.signer.verify(id, fileName, expires, signature) : null;
    if (check && !check.ok) throw new DomainError('FORBIDDEN', REFUSED[check.reason], { reason: check.reason });
    const record = await this.access.record(id);
    if (record.fileName !== fileName) throw new DomainError('NOT_FOUND', 'Upload not found');
    let cacheControl = IMMUTABLE;
    if (record.visibility !== 'public') {
      if (!check) throw new DomainError('FORBIDDEN', REFUSED.SIGNATURE_REQUIRED, { reason: 'SIGNATURE_REQUIRED' });
      // Only the browser that asked may keep it, and not beyond the link's own expiry.
      const left = Math.max(0, Math.min(this.access.signer.ttlSeconds, check.expires - Math.floor(Date.now() / 1000)));
      cacheControl = `private, max-age=${left}`;
    }
    const etag = `"${record.id}"`;
    void reply.header('etag', etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
    if (req.headers['if-none-match'] === etag) {
      await reply.status(304).send();
      return;
    }
    const data = await this.storage.get(record.storageKey);
    if (data === null) throw new DomainError('NOT_FOUND', 'Upload not found');
    await reply
      .status(200)
      .header('content-type', record.mime)
      .header('content-disposition', `inline; filename="${record.fileName}"`)
      .send(data);
  }

  /**
   * An upload by id (the Strapi-style route the spec's client uses to show a provider's documents, which it
   * only knows by id). Answered only to those who may see the file (public, its owner, an admin, a party of a
   * request it belongs to), with a freshly signed URL for a private one; 404 to anyone else.
   */
  @Get('upload/files/:id')
  @ApiRoute({
    summary: 'An uploaded file by id: {id, documentId, url, name, mime, size}; its owner, admins and the parties of its request only (404 otherwise)',
    errors: [401, 404],
  })
  async fileInfo(@CurrentActor() actor: Actor, @Param('id') rawId: string): Promise<UploadedFileInfo> {
    if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    const id = parseId(rawId);
    const record = await this.access.record(id);
    const url = (await this.access.visibleUrls(actor, [id])).get(id);
    if (url === undefined) throw new DomainError('NOT_FOUND', 'Upload not found');
    return { id: record.id, documentId: record.id, url, name: record.fileName, mime: record.mime, size: record.size };
  }
}
