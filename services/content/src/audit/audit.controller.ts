import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { ListAuditLog, type AuditEntryView, type CommandParsed, type Paged } from '@tiredash/contracts';
import { AuditService } from './audit.service';

@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Command(ListAuditLog)
  list(req: CommandParsed<typeof ListAuditLog>): Promise<Paged<AuditEntryView>> {
    return this.audit.list(req.actor, req.pagination);
  }
}
