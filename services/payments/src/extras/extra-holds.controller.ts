import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { AnswerExtraHold, type CommandParsed, type ExtraHoldView } from '@tiredash/contracts';
import { ExtraHoldsService } from './extra-holds.service';

/** payments.cmd.answer-extra-hold (internal: requests asks it when a card job's customer answers an extra). */
@Controller()
export class ExtraHoldsController {
  constructor(private readonly extras: ExtraHoldsService) {}

  @Command(AnswerExtraHold)
  answer(req: CommandParsed<typeof AnswerExtraHold>): Promise<ExtraHoldView> {
    return this.extras.answer(req);
  }
}
