import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetAdminStats, type AdminStatsView, type CommandParsed } from '@tiredash/contracts';
import { StatsService } from './stats.service';

@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Command(GetAdminStats)
  get(req: CommandParsed<typeof GetAdminStats>): Promise<AdminStatsView> {
    return this.stats.get(req.actor);
  }
}
