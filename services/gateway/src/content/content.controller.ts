import { Body, Controller, Get, Put, Query, Req, Res } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor, OptionalAuth, Public, Roles } from '@tiredash/auth';
import {
  GetAdminStats,
  GetApiKey,
  GetLogo,
  GetPage,
  GetReports,
  GetSettings,
  ListAuditLog,
  SetLogo,
  UpdateApiKey,
  UpdatePage,
  UpdateSettings,
  apiKeyBodySchema,
  logoBodySchema,
  pageBodySchemas,
  paginationSchema,
  reportQuerySchema,
  settingsBodySchema,
  type Actor,
  type AdminStatsView,
  type ApiKeyView,
  type AuditEntryView,
  type CommandRequest,
  type ContentPage,
  type LogoView,
  type Paged,
  type PageView,
  type ReportsView,
  type SettingsView,
} from '@tiredash/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';
import { CONTENT_MAX_AGE_SECONDS, ContentCache, type CachedBody } from './content-cache.service';

/**
 * Public content (open to read, cached with ETag + `Cache-Control: public, max-age=30`, 304 on a matching
 * If-None-Match) and its admin-only changes; platform settings, keys, logo, admin stats and the audit log.
 */
@ApiTags('content')
@Controller('api')
export class ContentController {
  constructor(
    private readonly rpc: RpcService,
    private readonly cache: ContentCache,
  ) {}

  @Public()
  @Get('home')
  @ApiQuery({ name: 'populate', required: false, description: 'Accepted for compatibility; the logo is always included' })
  @ApiRoute({ summary: 'Homepage content: hero headings, paragraph, service cards, logo', auth: false })
  home(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.page('home', req, reply);
  }

  @Put('home')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the homepage content (admin)', body: pageBodySchemas.home, errors: [400, 401, 403] })
  putHome(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PageView }> {
    return this.update(actor, 'home', raw);
  }

  @Public()
  @Get('about')
  @ApiRoute({ summary: 'About page: headerText and infoText (HTML)', auth: false })
  about(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.page('about', req, reply);
  }

  @Put('about')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the About page (admin; HTML sanitised)', body: pageBodySchemas.about, errors: [400, 401, 403] })
  putAbout(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PageView }> {
    return this.update(actor, 'about', raw);
  }

  @Public()
  @Get('contact')
  @ApiRoute({ summary: 'Contact page: email, phone, address', auth: false })
  contact(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.page('contact', req, reply);
  }

  @Put('contact')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the Contact page (admin)', body: pageBodySchemas.contact, errors: [400, 401, 403] })
  putContact(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PageView }> {
    return this.update(actor, 'contact', raw);
  }

  @Public()
  @Get('careers')
  @ApiRoute({ summary: 'Careers page: introText and positions', auth: false })
  careers(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.page('careers', req, reply);
  }

  @Put('careers')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the Careers page (admin)', body: pageBodySchemas.careers, errors: [400, 401, 403] })
  putCareers(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PageView }> {
    return this.update(actor, 'careers', raw);
  }

  @Public()
  @Get('privacy-policy')
  @ApiRoute({ summary: 'Privacy policy: text (HTML)', auth: false })
  privacy(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.page('privacy', req, reply);
  }

  @Put('privacy-policy')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the privacy policy (admin; HTML sanitised)', body: pageBodySchemas.privacy, errors: [400, 401, 403] })
  putPrivacy(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PageView }> {
    return this.update(actor, 'privacy', raw);
  }

  @Public()
  @Get('terms-of-service')
  @ApiRoute({ summary: 'Terms of service: content (HTML)', auth: false })
  terms(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.page('terms', req, reply);
  }

  @Put('terms-of-service')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the terms of service (admin; HTML sanitised)', body: pageBodySchemas.terms, errors: [400, 401, 403] })
  putTerms(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PageView }> {
    return this.update(actor, 'terms', raw);
  }

  @Public()
  @Get('logo')
  @ApiRoute({ summary: 'The site logo {id, url}, or null', auth: false })
  logo(@Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    return this.cached('logo', async () => ({ data: await this.rpc.send(GetLogo, {}) }), req, reply);
  }

  @Put('logo')
  @Roles('admin')
  @ApiRoute({ summary: 'Set the site logo to an uploaded image (admin): {data:{logo:<upload id>|null}}', body: logoBodySchema, errors: [400, 401, 403] })
  async putLogo(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: LogoView | null }> {
    const body = parseOrThrow(logoBodySchema, raw);
    const data = await this.rpc.send(SetLogo, { actor, logo: body.data.logo });
    this.cache.clear('logo changed here');
    return { data };
  }

  /** Anyone: toggles, fees and the map key; an admin also gets the payment secret key, masked (never cached). */
  @OptionalAuth()
  @Get('settings')
  @ApiRoute({ summary: 'Platform settings (public part; admins also see the masked payment key)', auth: false })
  async settings(@CurrentActor() actor: Actor, @Req() req: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<unknown> {
    if (actor?.role === 'admin') {
      void reply.header('cache-control', 'private, no-store');
      return { data: await this.rpc.send(GetSettings, { actor }) };
    }
    return this.cached('settings', async () => ({ data: await this.rpc.send(GetSettings, { actor: null }) }), req, reply);
  }

  @Put('settings')
  @Roles('admin')
  @ApiRoute({ summary: 'Change platform settings (admin): toggles, serviceFee (card fee, $), walletFee (commission, %), cancellationFee, noShowFee, minWithdrawal, mapboxKey, stripeSecretKey', body: settingsBodySchema, errors: [400, 401, 403] })
  async putSettings(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: SettingsView }> {
    const body = parseOrThrow(settingsBodySchema, raw);
    const data = await this.rpc.send(UpdateSettings, { actor, data: body.data });
    this.cache.clear('settings changed here');
    return { data };
  }

  @Get('api-key')
  @Roles('admin')
  @ApiRoute({ summary: 'The platform keys (admin): map key, payment secret key masked', errors: [401, 403] })
  async apiKey(@CurrentActor() actor: Actor, @Res({ passthrough: true }) reply: FastifyReply): Promise<{ data: ApiKeyView }> {
    void reply.header('cache-control', 'private, no-store');
    return { data: await this.rpc.send(GetApiKey, { actor }) };
  }

  @Put('api-key')
  @Roles('admin')
  @ApiRoute({ summary: 'Change the platform keys (admin); sending back the mask keeps the key, "" or null clears it', body: apiKeyBodySchema, errors: [400, 401, 403] })
  async putApiKey(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: ApiKeyView }> {
    const body = parseOrThrow(apiKeyBodySchema, raw);
    const data = await this.rpc.send(UpdateApiKey, { actor, data: body.data });
    this.cache.clear('keys changed here');
    return { data };
  }

  @Get('dashboard')
  @Roles('admin')
  @ApiRoute({ summary: 'Admin stat tiles', errors: [401, 403] })
  async dashboard(@CurrentActor() actor: Actor): Promise<{ data: AdminStatsView }> {
    return { data: await this.rpc.send(GetAdminStats, { actor }) };
  }

  @Get('statistics')
  @Roles('admin')
  @ApiRoute({ summary: 'Admin stat tiles (same as /api/dashboard)', errors: [401, 403] })
  async statistics(@CurrentActor() actor: Actor): Promise<{ data: AdminStatsView }> {
    return { data: await this.rpc.send(GetAdminStats, { actor }) };
  }

  @Get('reports')
  @Roles('admin')
  @ApiQuery({ name: 'from', required: false, description: 'First UTC day, YYYY-MM-DD (default: 29 days before `to`)' })
  @ApiQuery({ name: 'to', required: false, description: 'Last UTC day, YYYY-MM-DD, inclusive (default: today)' })
  @ApiQuery({ name: 'provider', required: false, description: "A provider's business name (part of it) or documentId" })
  @ApiRoute({ summary: 'Reports and analytics of a range: revenue, jobs, durations, rates, top providers (admin; docs/reports.md)', errors: [400, 401, 403] })
  async reports(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<{ data: ReportsView }> {
    const q = parseOrThrow(reportQuerySchema, query, 'Query');
    return { data: await this.rpc.send(GetReports, { actor, query: q }) };
  }

  @Get('audit-log')
  @Roles('admin')
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiRoute({ summary: 'The audit log of admin changes, newest first (admin)', errors: [400, 401, 403] })
  auditLog(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<Paged<AuditEntryView>> {
    const q = parseBracketQuery(query);
    const pagination = parseOrThrow(paginationSchema, q.pagination, 'Query parameter pagination');
    return this.rpc.send(ListAuditLog, { actor, pagination });
  }

  private page(page: ContentPage, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    return this.cached(`page:${page}`, async () => ({ data: await this.rpc.send(GetPage, { page }) }), req, reply);
  }

  private async update(actor: Actor, page: ContentPage, raw: unknown): Promise<{ data: PageView }> {
    const body = parseOrThrow(pageBodySchemas[page], raw);
    // pageBodySchemas[page] parsed the body, so page and data belong together.
    const request = { actor, page, data: body.data } as CommandRequest<typeof UpdatePage>;
    const data = await this.rpc.send(UpdatePage, request);
    this.cache.clear(`page ${page} changed here`);
    return { data };
  }

  private async cached(key: string, load: () => Promise<unknown>, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const entry: CachedBody = await this.cache.get(key, load);
    void reply.header('etag', entry.etag).header('cache-control', `public, max-age=${CONTENT_MAX_AGE_SECONDS}`);
    if (matches(req.headers['if-none-match'], entry.etag)) {
      void reply.status(304);
      return undefined;
    }
    return entry.body;
  }
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v === etag || v === `W/${etag}`;
  });
}
