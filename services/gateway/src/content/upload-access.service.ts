import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  GetMediaRecords,
  GetPhotoAccess,
  uploadUrl,
  type Actor,
  type MediaRecord,
  type PhotoView,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { z } from 'zod';
import { GATEWAY_CONFIG } from '../common/gateway-config.token';
import { RpcService } from '../common/rpc.service';
import type { GatewayConfig } from '../config';
import { UploadUrlSigner } from './upload-urls';

const uuid = z.string().uuid();
const RECORD_CACHE_SIZE = 1000;

/** An upload identifier a client wants stored in a profile or a request, with where it was in the body. */
export interface UploadRef {
  path: string;
  id: unknown;
}

/**
 * Who may see an upload, decided by the gateway from state the services own (never from a body): content's record
 * (owner, visibility) and, for request photos, the requests service (is the caller a party of a request the photo
 * belongs to). A public upload gets its plain URL; a private one a short-lived signed URL, only for its owner, the
 * admins and the parties (customer, accepted provider) of a request it belongs to. Nobody else gets a URL.
 */
@Injectable()
export class UploadAccess {
  private readonly logger = new Logger(UploadAccess.name);
  readonly signer: UploadUrlSigner;
  /** Records never change once written (same id, same file, same owner): a bounded cache saves round trips. */
  private readonly cache = new Map<string, MediaRecord>();

  constructor(
    private readonly rpc: RpcService,
    @Inject(GATEWAY_CONFIG) cfg: GatewayConfig,
  ) {
    this.signer = new UploadUrlSigner(cfg.jwt.secret, cfg.uploadUrlTtlSeconds);
  }

  /** The records of the uploads among `ids` that exist (ids that are not UUIDs name none). */
  async records(ids: readonly string[]): Promise<Map<string, MediaRecord>> {
    const found = new Map<string, MediaRecord>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.cache.get(id);
      if (hit) found.set(id, hit);
      else if (uuid.safeParse(id).success) missing.push(id);
    }
    if (missing.length > 0) {
      for (const record of await this.rpc.send(GetMediaRecords, { ids: missing })) {
        found.set(record.id, record);
        if (this.cache.size >= RECORD_CACHE_SIZE) this.cache.clear();
        this.cache.set(record.id, record);
      }
    }
    return found;
  }

  async record(id: string): Promise<MediaRecord> {
    const record = (await this.records([id])).get(id);
    if (!record) throw new DomainError('NOT_FOUND', 'Upload not found');
    return record;
  }

  /** The URL to hand out for an upload the caller is entitled to: plain if public, else freshly signed. */
  urlOf(record: MediaRecord): string {
    return record.visibility === 'public' ? uploadUrl(record.id, record.fileName) : this.signer.sign(record.id, record.fileName);
  }

  /** The URLs the caller may have, by upload id; an upload it may not see (or that does not exist) has none. */
  async visibleUrls(actor: Actor, ids: readonly string[]): Promise<Map<string, string>> {
    const urls = new Map<string, string>();
    if (ids.length === 0) return urls;
    const records = await this.records(ids);
    const askRequests: MediaRecord[] = [];
    for (const record of records.values()) {
      if (record.visibility === 'public' || (actor !== null && (actor.role === 'admin' || actor.userId === record.ownerId))) {
        urls.set(record.id, this.urlOf(record));
      } else if (actor !== null) {
        askRequests.push(record);
      }
    }
    if (askRequests.length > 0) {
      const { ids: allowed } = await this.rpc.send(GetPhotoAccess, {
        actor,
        uploads: askRequests.map((r) => ({ id: r.id, ownerId: r.ownerId })),
      });
      const byId = new Map(askRequests.map((r) => [r.id, r]));
      for (const id of allowed) {
        const record = byId.get(id);
        if (record) urls.set(id, this.urlOf(record));
      }
    }
    return urls;
  }

  /**
   * Request views with each photo's URL filled for a caller entitled to it (null otherwise). When content or requests
   * cannot say who may see them, the request is still answered, without photo URLs, and the failure is logged.
   */
  async withPhotoUrls<V extends Pick<ServiceRequestView, 'photos'>>(actor: Actor, views: V[]): Promise<V[]> {
    const ids = views.flatMap((v) => v.photos.map((p) => p.id));
    if (ids.length === 0) return views;
    let urls = new Map<string, string>();
    try {
      urls = await this.visibleUrls(actor, ids);
    } catch (err) {
      this.logger.warn(`photo URLs of ${ids.length} upload(s) left out: ${err instanceof Error ? err.message : String(err)}`);
    }
    return views.map((v) => ({ ...v, photos: v.photos.map((p): PhotoView => ({ id: p.id, url: urls.get(p.id) ?? null })) }));
  }

  async withPhotoUrl<V extends Pick<ServiceRequestView, 'photos'>>(actor: Actor, view: V): Promise<V> {
    const [filled] = await this.withPhotoUrls(actor, [view]);
    return filled ?? view;
  }

  /**
   * Identifiers a client wants stored (a provider's documents, a request's photos) must name uploads the caller
   * uploaded itself; an admin may name any upload. Refused before anything is stored: 400 when an id names no
   * upload, 403 NOT_OWNER when it names someone else's. `allowed` lets through ids already stored on the record
   * being edited (saving a form unchanged).
   */
  async requireOwned(actor: Actor, refs: readonly UploadRef[], allowed: ReadonlySet<string> = new Set()): Promise<void> {
    const named = refs.filter((r) => r.id !== null && r.id !== undefined && r.id !== '');
    if (named.length === 0 || actor === null) return;
    const asText = (id: unknown): string => (typeof id === 'string' || typeof id === 'number' ? String(id) : '');
    const records = await this.records(named.map((r) => asText(r.id)));
    const unknown = named.filter((r) => !records.has(asText(r.id)));
    if (unknown.length > 0) {
      throw new DomainError(
        'VALIDATION_FAILED',
        `${unknown.map((r) => r.path).join(', ')}: not an uploaded file (upload it first, then send the id the upload answered)`,
        unknown.map((r) => ({ path: r.path, message: 'Unknown upload id' })),
      );
    }
    if (actor.role === 'admin') return;
    const foreign = named.filter((r) => records.get(asText(r.id))?.ownerId !== actor.userId && !allowed.has(asText(r.id)));
    if (foreign.length > 0) {
      throw new DomainError(
        'NOT_OWNER',
        `${foreign.map((r) => r.path).join(', ')}: you can only use files you uploaded yourself`,
        foreign.map((r) => ({ path: r.path, message: 'This upload belongs to another account' })),
      );
    }
  }
}
