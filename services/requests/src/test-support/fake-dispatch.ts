import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DomainError, GetJob, type JobView } from '@tiredash/contracts';
import { Command, createMicroserviceOptions } from '@tiredash/messaging';
import type { RequestsTestEnv } from './requests-harness';

/**
 * Dispatch as the requests service sees it at 'I AM HERE': `dispatch.cmd.get-job` answers the provider's latest
 * streamed point of a job (what the provider's app streamed), none, or fails (dispatch unreachable).
 */
export interface FakeDispatch {
  /** The provider of `requestId` streamed `point` (its latest). */
  streamed(requestId: string, point: { lat: number; lng: number }): void;
  /** `dispatch.cmd.get-job` fails for `requestId` (as when dispatch is down or times out). */
  unreachableFor(requestId: string): void;
  close(): Promise<void>;
}

const latest = new Map<string, { lat: number; lng: number }>();
const failing = new Set<string>();

@Controller()
class FakeJobsController {
  @Command(GetJob)
  job(req: { requestId: string }): Partial<JobView> {
    if (failing.has(req.requestId)) throw new DomainError('UNAVAILABLE', 'dispatch is down (test)');
    const at = latest.get(req.requestId);
    return { requestId: req.requestId, status: 'En Route', latest: at ? { ...at, at: new Date().toISOString() } : null };
  }
}

@Module({ controllers: [FakeJobsController] })
class FakeDispatchModule {}

/** Starts the fake on the test file's namespace; without a `streamed` point a job has no position (`latest: null`). */
export async function startFakeDispatch(env: Pick<RequestsTestEnv, 'natsUrl' | 'namespace'>): Promise<FakeDispatch> {
  const server: INestMicroservice = await NestFactory.createMicroservice(FakeDispatchModule, {
    ...createMicroserviceOptions({ serviceName: 'dispatch', natsUrl: env.natsUrl, namespace: env.namespace }),
    logger: false,
  });
  await server.listen();
  return {
    streamed: (requestId, point) => void latest.set(requestId, point),
    unreachableFor: (requestId) => void failing.add(requestId),
    close: () => server.close(),
  };
}
