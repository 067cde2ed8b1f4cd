import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@tiredash/persistence';
import { OutboxService } from '@tiredash/messaging';
import {
  PageUpdated,
  type CommandParsed,
  type ContentPage,
  type PageView,
  type PageViews,
  type UpdatePage,
} from '@tiredash/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { requireAdmin } from '../common/actor-rules';
import { AuditService, diffFields } from '../audit/audit.service';
import { SettingsService } from '../settings/settings.service';
import { sanitizeAdminHtml } from './html-sanitizer';
import { PageEntity } from './page.entity';

type UpdateRequest = CommandParsed<typeof UpdatePage>;

/** The stored fields of each page and which of them are HTML (sanitised on save). */
const PAGE_FIELDS: { [P in ContentPage]: { fields: string[]; html: string[] } } = {
  home: { fields: ['heroHeading1', 'heroHeading2', 'heroParagraph', 'Cards'], html: [] },
  about: { fields: ['headerText', 'infoText'], html: ['infoText'] },
  contact: { fields: ['email', 'phone', 'address'], html: [] },
  careers: { fields: ['introText', 'positions'], html: [] },
  privacy: { fields: ['text'], html: ['text'] },
  terms: { fields: ['content'], html: ['content'] },
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/**
 * The homepage and the static pages. Anyone reads them (empty values where nothing was saved: the SPA shows
 * its built-in defaults then); an admin changes the fields named in the body. A change is one transaction: the
 * page, one audit entry with the changed fields before and after, and PageUpdated (LogoUpdated for the logo).
 */
@Injectable()
export class PagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
  ) {}

  async get(page: ContentPage): Promise<PageView> {
    return this.view(this.dataSource.manager, page);
  }

  async update(req: UpdateRequest): Promise<PageView> {
    const known = requireAdmin(req.actor);
    const page = req.page;
    const spec = PAGE_FIELDS[page];
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(PageEntity);
      const existing = await repo.findOne({ where: { key: page }, lock: { mode: 'pessimistic_write' } });
      const before: Record<string, unknown> = { ...(existing?.data ?? {}) };
      const incoming = req.data as Record<string, unknown>;
      const after: Record<string, unknown> = { ...before };
      for (const field of spec.fields) {
        const value = incoming[field];
        if (value === undefined) continue;
        after[field] = spec.html.includes(field) && typeof value === 'string' ? sanitizeAdminHtml(value) : value;
      }
      const diff = diffFields(before, after, spec.fields);
      const at = new Date();

      let logo: { before: string | null; after: string | null } | null = null;
      if (req.page === 'home' && req.data.logo !== undefined) {
        logo = await this.settings.setLogoIn(manager, known, req.data.logo);
      }
      if (diff.fields.length === 0 && logo === null) return this.view(manager, page);

      if (diff.fields.length > 0) {
        const row: PageEntity = { key: page, data: after, updatedAt: at, updatedBy: known.userId };
        await repo.save(row);
      }
      const fields = [...diff.fields, ...(logo ? ['logo'] : [])];
      await this.audit.append(manager, {
        by: known.userId,
        byRole: known.role,
        action: 'content.page.updated',
        target: `page:${page}`,
        before: { ...diff.before, ...(logo ? { logo: logo.before } : {}) },
        after: { ...diff.after, ...(logo ? { logo: logo.after } : {}) },
        source: 'content',
        at,
      });
      await this.outbox.add(manager, PageUpdated, { page, fields, by: known.userId, at: at.toISOString() });
      return this.view(manager, page);
    });
  }

  private async view(manager: EntityManager, page: ContentPage): Promise<PageView> {
    const row = await manager.getRepository(PageEntity).findOne({ where: { key: page } });
    const d = row?.data ?? {};
    const updatedAt = row?.updatedAt.toISOString() ?? null;
    switch (page) {
      case 'home': {
        const view: PageViews['home'] = {
          heroHeading1: str(d.heroHeading1),
          heroHeading2: str(d.heroHeading2),
          heroParagraph: str(d.heroParagraph),
          Cards: list(d.Cards),
          logo: await this.settings.getLogo(manager),
          updatedAt,
        };
        return view;
      }
      case 'about':
        return { headerText: str(d.headerText), infoText: str(d.infoText), updatedAt };
      case 'contact':
        return { email: str(d.email), phone: str(d.phone), address: str(d.address), updatedAt };
      case 'careers':
        return { introText: str(d.introText), positions: list(d.positions), updatedAt };
      case 'privacy':
        return { text: str(d.text), updatedAt };
      case 'terms':
        return { content: str(d.content), updatedAt };
    }
  }
}
