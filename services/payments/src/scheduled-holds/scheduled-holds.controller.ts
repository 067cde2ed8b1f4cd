import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { FixScheduledHold, GetScheduledHold, SaveCardForLater, type CommandParsed, type ScheduledHoldView } from '@tiredash/contracts';
import { ScheduledHoldsService } from './scheduled-holds.service';

/** payments.cmd.* of scheduled holds (issue 13 item 3). */
@Controller()
export class ScheduledHoldsController {
  constructor(private readonly holds: ScheduledHoldsService) {}

  @Command(SaveCardForLater)
  saveCard(req: CommandParsed<typeof SaveCardForLater>): Promise<ScheduledHoldView> {
    return this.holds.saveCard(req.actor, req.body, req.idempotencyKey);
  }

  @Command(GetScheduledHold)
  get(req: CommandParsed<typeof GetScheduledHold>): Promise<ScheduledHoldView> {
    return this.holds.get(req.actor, req.requestId);
  }

  @Command(FixScheduledHold)
  fix(req: CommandParsed<typeof FixScheduledHold>): Promise<ScheduledHoldView> {
    return this.holds.fix(req.actor, req.requestId, req.body);
  }
}
