import { Injectable, Logger } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import { PaymentCaptured, type EventPayload } from '@tiredash/contracts';
import { JobProgressService } from './job-progress.service';

/**
 * The saga's recovery leg: a capture payments reports for a request whose completion the provider reported
 * completes it (once: the same conditional UPDATE as the confirmation). Covers the spec's client order (capture
 * over /pay, then PUT) and a confirmation interrupted between its capture and its UPDATE.
 */
@Injectable()
export class JobProgressEvents {
  private readonly logger = new Logger(JobProgressEvents.name);

  constructor(private readonly jobs: JobProgressService) {}

  @OnEvent(PaymentCaptured, { durable: 'requests-payment-captured', maxDeliver: 10 })
  async onCaptured(p: EventPayload<typeof PaymentCaptured>, ctx: EventContext): Promise<void> {
    if (p.requestId === null) return;
    const done = await this.jobs.complete(ctx.manager, p.requestId);
    if (done) this.logger.log(`request ${p.requestId} completed from its capture ${p.paymentIntentId}`);
  }
}
