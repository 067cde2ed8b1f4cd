import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetJobLocationSummary, type CommandParsed, type JobLocationSummary } from '@tiredash/contracts';
import { LocationSummaryService } from './location-summary.service';

/** dispatch.cmd.get-job-location-summary: the admin's timeline of a request. */
@Controller()
export class LocationSummaryController {
  constructor(private readonly summaries: LocationSummaryService) {}

  @Command(GetJobLocationSummary)
  get(req: CommandParsed<typeof GetJobLocationSummary>): Promise<JobLocationSummary> {
    return this.summaries.summary(req.actor, req.requestId);
  }
}
