import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetJob, GetJobAccess, type CommandParsed, type JobAccessView, type JobView } from '@tiredash/contracts';
import { JobsService } from './jobs.service';

/** dispatch.cmd.* handlers of jobs. */
@Controller()
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Command(GetJob)
  get(req: CommandParsed<typeof GetJob>): Promise<JobView> {
    return this.jobs.get(req.actor, req.requestId, req.track);
  }

  @Command(GetJobAccess)
  access(req: CommandParsed<typeof GetJobAccess>): Promise<JobAccessView> {
    return this.jobs.access(req.requestId);
  }
}
