import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { ConfirmCompletion, MarkArrived, MarkCustomerAbsent, ReportCompletion, type CommandParsed, type ServiceRequestView } from '@tiredash/contracts';
import { JobProgressService } from './job-progress.service';

/** requests.cmd.* handlers of job progress: arrival, completion report, confirmation (the capture saga). */
@Controller()
export class JobProgressController {
  constructor(private readonly jobs: JobProgressService) {}

  @Command(MarkArrived)
  arrived(req: CommandParsed<typeof MarkArrived>): Promise<ServiceRequestView> {
    return this.jobs.markArrived(req.actor, req.requestId, req.overrideReason);
  }

  @Command(MarkCustomerAbsent)
  absent(req: CommandParsed<typeof MarkCustomerAbsent>): Promise<ServiceRequestView> {
    return this.jobs.markCustomerAbsent(req.actor, req.requestId);
  }

  @Command(ReportCompletion)
  completed(req: CommandParsed<typeof ReportCompletion>): Promise<ServiceRequestView> {
    return this.jobs.reportCompletion(req.actor, req.requestId);
  }

  @Command(ConfirmCompletion)
  confirm(req: CommandParsed<typeof ConfirmCompletion>): Promise<ServiceRequestView> {
    return this.jobs.confirm(req.actor, req.requestId);
  }
}
