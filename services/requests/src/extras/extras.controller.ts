import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { AddJobExtra, AnswerJobExtra, type CommandParsed, type JobExtraView } from '@tiredash/contracts';
import { ExtrasService } from './extras.service';

/** requests.cmd.* handlers of a job's extras. */
@Controller()
export class ExtrasController {
  constructor(private readonly extras: ExtrasService) {}

  @Command(AddJobExtra)
  add(req: CommandParsed<typeof AddJobExtra>): Promise<JobExtraView> {
    return this.extras.add(req.actor, req.requestId, req.body);
  }

  @Command(AnswerJobExtra)
  answer(req: CommandParsed<typeof AnswerJobExtra>): Promise<JobExtraView> {
    return this.extras.answer(req.actor, req.requestId, req.extraId, req.body);
  }
}
