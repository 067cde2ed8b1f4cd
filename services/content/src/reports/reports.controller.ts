import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetReports, type CommandParsed, type ReportsView } from '@tiredash/contracts';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Command(GetReports)
  get(req: CommandParsed<typeof GetReports>): Promise<ReportsView> {
    return this.reports.get(req.actor, req.query);
  }
}
