import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetRequestPaymentsTimeline, RefundJob, type CommandParsed, type RefundView, type RequestPaymentsTimeline } from '@tiredash/contracts';
import { RefundsService } from './refunds.service';

/** payments.cmd.* handlers of refunds and the admin's payments timeline of a request. */
@Controller()
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  @Command(RefundJob)
  refund(req: CommandParsed<typeof RefundJob>): Promise<RefundView> {
    return this.refunds.refund(req.actor, req.requestId, req.body);
  }

  @Command(GetRequestPaymentsTimeline)
  timeline(req: CommandParsed<typeof GetRequestPaymentsTimeline>): Promise<RequestPaymentsTimeline> {
    return this.refunds.timeline(req.actor, req.requestId);
  }
}
