import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  GetRequestTimeline,
  ListRequestDisputes,
  ReportProblem,
  ResolveDispute,
  type CommandParsed,
  type DisputeView,
  type RequestTimelinePart,
} from '@tiredash/contracts';
import { DisputesService } from './disputes.service';

/** requests.cmd.* handlers of disputes and the admin's request timeline. */
@Controller()
export class DisputesController {
  constructor(private readonly disputes: DisputesService) {}

  @Command(ReportProblem)
  report(req: CommandParsed<typeof ReportProblem>): Promise<DisputeView> {
    return this.disputes.report(req.actor, req.requestId, req.body);
  }

  @Command(ListRequestDisputes)
  list(req: CommandParsed<typeof ListRequestDisputes>): Promise<DisputeView[]> {
    return this.disputes.list(req.actor, req.requestId);
  }

  @Command(ResolveDispute)
  resolve(req: CommandParsed<typeof ResolveDispute>): Promise<DisputeView> {
    return this.disputes.resolve(req.actor, req.disputeId, req.body);
  }

  @Command(GetRequestTimeline)
  timeline(req: CommandParsed<typeof GetRequestTimeline>): Promise<RequestTimelinePart> {
    return this.disputes.timeline(req.actor, req.requestId);
  }
}
