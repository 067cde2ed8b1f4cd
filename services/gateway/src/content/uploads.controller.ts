import { Controller, Get, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { CurrentActor, Public } from '@tiredash/auth';
import { DomainError, GetMedia, RegisterUploads, uploadUrl, type Actor, type MediaRecord, type MediaView } from '@tiredash/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { checkFiles, deleteStored, readUploadForm, storeFiles } from './multipart-upload';
import { MEDIA_STORAGE, type MediaStorage } from './storage/media-storage';

/** Uploaded files never change: a year of caching, everywhere. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Uploads: the gateway reads the multipart form, checks the files (images by their bytes, the purpose's
 * count and size limits), writes them to the storage itself (NATS messages stay small: content receives only
 * the metadata) and asks content to record them in one transaction. If content refuses or fails, the files
 * just written are deleted, so no row and no file is left behind.
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
  private readonly records = new Map<string, MediaRecord>();

  constructor(
    private readonly rpc: RpcService,
    @Inject(MEDIA_STORAGE) private readonly storage: MediaStorage,
  ) {}

  @Post('upload')
  @RouteConfig(abuseLimit('upload', 'account'))
  @ApiConsumes('multipart/form-data')
  @ApiRoute({
    summary: 'Upload images (multipart field "files"; optional field "purpose": registration | request-photo | profile-image | logo)',
    errors: [400, 401, 403, 413],
  })
  async upload(@CurrentActor() actor: Actor, @Req() req: FastifyRequest): Promise<MediaView[]> {
    if (actor === null) throw new DomainError('UNAUTHENTICATED', 'Authentication required');
    const { purpose, files } = await readUploadForm(req);
    if (purpose === 'logo' && actor.role !== 'admin') throw new DomainError('FORBIDDEN', 'Only an admin may upload the logo');
    const checked = checkFiles(purpose, files);
    const stored = await storeFiles(this.storage, checked);
    try {
      return await this.rpc.send(RegisterUploads, { actor, purpose, files: stored });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'TIMEOUT') {
        // Content may have committed: keeping possibly unreferenced files beats rows pointing at nothing.
        this.logger.warn(`upload registration timed out; kept ${stored.length} file(s): ${stored.map((f) => f.storageKey).join(', ')}`);
      } else {
        await deleteStored(this.storage, stored);
      }
      throw err;
    }
  }

  @Public()
  @Get('uploads/:id/:fileName')
  @ApiRoute({ summary: 'An uploaded image, with its content type and a long cache', auth: false, errors: [404] })
  async file(@Param('id') rawId: string, @Param('fileName') fileName: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const id = parseId(rawId);
    const record = await this.record(id);
    if (record.fileName !== fileName) throw new DomainError('NOT_FOUND', 'Upload not found');
    const etag = `"${record.id}"`;
    void reply.header('etag', etag).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff');
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
   * only knows by id). Signed-in callers only: registration uploads are identity documents.
   */
  @Get('upload/files/:id')
  @ApiRoute({ summary: 'An uploaded file by id: {id, documentId, url, name, mime, size}', errors: [401, 404] })
  async fileInfo(@Param('id') rawId: string): Promise<UploadedFileInfo> {
    const record = await this.record(parseId(rawId));
    return {
      id: record.id,
      documentId: record.id,
      url: uploadUrl(record.id, record.fileName),
      name: record.fileName,
      mime: record.mime,
      size: record.size,
    };
  }

  private async record(id: string): Promise<MediaRecord> {
    const hit = this.records.get(id);
    if (hit) return hit;
    const record = await this.rpc.send(GetMedia, { id });
    if (this.records.size >= 1000) this.records.clear();
    this.records.set(id, record);
    return record;
  }
}
