import { Body, Controller, Get, Logger, Param, Post, Put, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  ADMIN_ONLY_PROVIDER_FIELDS,
  LEDGER_PROVIDER_FIELDS,
  CreateProvider,
  DomainError,
  GetEarningsSummary,
  GetProvider,
  ListProviders,
  SetProviderPresence,
  UpdateProvider,
  paginationSchema,
  searchSchema,
  providerCreateBodySchema,
  providerFiltersSchema,
  providerUpdateBodySchema,
  providerPresenceBodySchema,
  type Actor,
  type Paged,
  type ProviderView,
} from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { UploadAccess, type UploadRef } from '../content/upload-access.service';
import { parseOrThrow } from '../common/validation';

@ApiTags('providers')
@Controller('api/providers')
export class ProvidersController {
  private readonly logger = new Logger(ProvidersController.name);

  constructor(
    private readonly rpc: RpcService,
    private readonly uploads: UploadAccess,
  ) {}

  @Post()
  @ApiRoute({ summary: "Create the caller's provider (business) profile; it awaits approval", body: providerCreateBodySchema, errors: [400, 401, 403, 409] })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: ProviderView }> {
    const body = parseOrThrow(providerCreateBodySchema, raw);
    await this.uploads.requireOwned(actor, documentRefs(body.data));
    return { data: await this.rpc.send(CreateProvider, { actor, body }) };
  }

  @Get()
  @ApiQuery({ name: 'filters[isApproved][$null]', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'filters[isApproved][$eq]', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'filters[online][$eq]', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'populate', required: false, description: 'Accepted for compatibility; the user link is always included' })
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiQuery({ name: 'search', required: false, description: 'Business name, name, phone or e-mail contains (case-insensitive)' })
  @ApiRoute({ summary: 'List provider profiles (the pending list for admins), searchable', errors: [400, 401, 403] })
  async list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<Paged<ProviderView>> {
    const q = parseBracketQuery(query);
    const filters = parseOrThrow(providerFiltersSchema, q.filters, 'Query parameter filters');
    const pagination = parseOrThrow(paginationSchema, q.pagination, 'Query parameter pagination');
    const search = parseOrThrow(searchSchema, q.search, 'Query parameter search');
    const page = await this.rpc.send(ListProviders, { actor, filters, pagination, search });
    return { ...page, data: await Promise.all(page.data.map((view) => this.withLedgerBalance(actor, view))) };
  }

  @Get(':id')
  @ApiRoute({ summary: 'A provider profile with its wallet balance', errors: [401, 403, 404] })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: ProviderView }> {
    const view = await this.rpc.send(GetProvider, { actor, providerId: parseId(id) });
    return { data: await this.withLedgerBalance(actor, view) };
  }

  @Put(':id')
  @ApiRoute({
    summary: 'Update a provider profile (its owner; isApproved: admins only; walletBalance: nobody, it is the ledger balance)',
    body: providerUpdateBodySchema,
    errors: [400, 401, 403, 404],
  })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: ProviderView }> {
    const providerId = parseId(id);
    refuseUnwritableFields(actor, raw);
    const body = parseOrThrow(providerUpdateBodySchema, raw);
    await this.requireOwnDocuments(actor, providerId, documentRefs(body.data));
    const view = await this.rpc.send(UpdateProvider, { actor, providerId, body });
    return { data: await this.withLedgerBalance(actor, view) };
  }

  @Put(':id/presence')
  @ApiRoute({
    summary:
      "The provider's Online/Offline switch, its device position while online and the app's heartbeat (the provider itself; approved to go online)",
    body: providerPresenceBodySchema,
    errors: [400, 401, 403, 404],
  })
  async presence(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: ProviderView }> {
    const body = parseOrThrow(providerPresenceBodySchema, raw);
    const view = await this.rpc.send(SetProviderPresence, { actor, providerId: parseId(id), body });
    return { data: await this.withLedgerBalance(actor, view) };
  }

  /**
   * The document ids a provider stores must be its own uploads (an admin may name any). Saving the profile with the
   * documents it already has (set by an admin, or before this rule) is no change and passes.
   */
  private async requireOwnDocuments(actor: Actor, providerId: string, refs: UploadRef[]): Promise<void> {
    try {
      await this.uploads.requireOwned(actor, refs);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'NOT_OWNER') throw err;
      const current = await this.rpc.send(GetProvider, { actor, providerId });
      const stored = new Set([current.businessId, current.businessLicense].filter((d): d is string => typeof d === 'string'));
      await this.uploads.requireOwned(actor, refs, stored);
    }
  }

  /**
   * The walletBalance the API shows is the payments ledger's balance (issue 4), never identity's column: the
   * owner and admins get the ledger's sum, everybody else 0. When payments cannot answer, the profile is still
   * served (the dashboard depends on it) with 0, and the failure is logged.
   */
  private async withLedgerBalance(actor: Actor, view: ProviderView): Promise<ProviderView> {
    if (actor?.role !== 'provider' && actor?.role !== 'admin') return { ...view, walletBalance: 0 };
    try {
      const summary = await this.rpc.send(GetEarningsSummary, { actor, providerId: view.documentId });
      return { ...view, walletBalance: summary.available };
    } catch (err) {
      const quiet = err instanceof DomainError && LEDGER_NOT_VISIBLE.has(err.code);
      if (!quiet) this.logger.warn(`wallet balance of provider ${view.documentId} unavailable: ${err instanceof Error ? err.message : String(err)}`);
      return { ...view, walletBalance: 0 };
    }
  }
}

/** The upload ids of a provider body (the ID document and the business license). */
function documentRefs(data: { businessId?: string | null; businessLicense?: string | null }): UploadRef[] {
  return [
    { path: 'data.businessId', id: data.businessId },
    { path: 'data.businessLicense', id: data.businessLicense },
  ];
}

/** Payments' answers meaning "no ledger this caller may see" (not the owner, or no entries known yet). */
const LEDGER_NOT_VISIBLE = new Set<string>(['NOT_OWNER', 'FORBIDDEN', 'NOT_FOUND', 'ROLE_NOT_ALLOWED']);

/**
 * Refused with 403 before validation, never silently dropped: isApproved from a non-admin, and walletBalance
 * from anyone (it is the payments ledger's sum; money moves only through captures and withdrawals).
 */
function refuseUnwritableFields(actor: Actor, raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return;
  const data = (raw as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return;
  const has = (f: string) => Object.prototype.hasOwnProperty.call(data, f);
  const refused = [
    ...(actor?.role === 'admin' ? [] : ADMIN_ONLY_PROVIDER_FIELDS.filter(has).map((f) => ({ path: `data.${f}`, message: 'Only an admin may set this field' }))),
    ...LEDGER_PROVIDER_FIELDS.filter(has).map((f) => ({
      path: `data.${f}`,
      message: 'The wallet balance is the sum of the payments ledger and cannot be set',
    })),
  ];
  if (refused.length > 0) {
    throw new DomainError('FIELD_NOT_WRITABLE', `These fields cannot be set: ${refused.map((r) => r.path.slice(5)).join(', ')}`, refused);
  }
}
