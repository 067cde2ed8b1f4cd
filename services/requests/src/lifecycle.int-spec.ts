import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { EventPublisher, MessagingClient } from '@tiredash/messaging';
import {
  AcceptBid,
  AddJobExtra,
  AnswerJobExtra,
  CancelServiceRequest,
  ConfirmCompletion,
  CreateServiceRequest,
  DomainError,
  LIFECYCLE_ACTIONS,
  LIFECYCLE_ACTORS,
  LIFECYCLE_STATES,
  MarkArrived,
  MarkCustomerAbsent,
  PlaceBid,
  REQUEST_LIFECYCLE,
  ReportCompletion,
  ReportProblem,
  type Actor,
  type LifecycleAction,
  type LifecycleActor,
  type LifecycleState,
} from '@tiredash/contracts';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BidExpirySweeper } from './bids/bid-expiry.sweeper';
import { startFakeDispatch, type FakeDispatch } from './test-support/fake-dispatch';
import { aCustomer, aProvider, requestBody, type TestCustomer, type TestProvider } from './test-support/fixtures';
import { createRequestsTestEnv, createTestClient, startRequests, type RequestsTestEnv } from './test-support/requests-harness';

/** The actions the requests service answers (the hold's void and the refund are payments': their cells are tested there). */
type RequestsAction = Exclude<LifecycleAction, 'void' | 'refund'>;
const REQUESTS_ACTIONS = LIFECYCLE_ACTIONS.filter((a): a is RequestsAction => a !== 'void' && a !== 'refund');

/**
 * Generated from the lifecycle table (REQUEST_LIFECYCLE): every (state, actor, action) cell of the requests
 * service is driven on a fresh cash request brought to that state through the real commands, and its answer (the
 * new state, or the refusal's code and reason) compared with the cell.
 */
describe('the request lifecycle table, cell by cell', () => {
  let env: RequestsTestEnv;
  let app: INestMicroservice;
  let ds: DataSource;
  let client: MessagingClient;
  let publisher: EventPublisher;
  let ctx: INestApplicationContext;
  let customer: TestCustomer;
  let otherCustomer: TestCustomer;
  let provider: TestProvider;
  let otherProvider: TestProvider;
  let dispatch: FakeDispatch;
  const admin: NonNullable<Actor> = { userId: '00000000-0000-4000-8000-00000000ad01', role: 'admin' };

  beforeAll(async () => {
    env = await createRequestsTestEnv('requests_lifecycle');
    app = await startRequests(env.config);
    dispatch = await startFakeDispatch(env);
    ds = app.get<DataSource>(getDataSourceToken());
    ({ client, publisher, context: ctx } = await createTestClient(env));
    [customer, otherCustomer] = await Promise.all([aCustomer(publisher, ds), aCustomer(publisher, ds)]);
    [provider, otherProvider] = await Promise.all([aProvider(publisher, ds, { businessName: 'Chosen' }), aProvider(publisher, ds, { businessName: 'Other' })]);
  });

  afterAll(async () => {
    await ctx?.close();
    await dispatch?.close();
    await app?.close();
    await env?.close();
  });

  /** The pending extra the provider added after arrival, per request (none before arrival). */
  const pendingExtra = new Map<string, string>();

  /** A fresh cash request in `state`, through the commands a person's clicks send. */
  async function requestIn(state: LifecycleState): Promise<string> {
    const r = await client.send(CreateServiceRequest, { actor: customer.actor, body: requestBody() as never });
    if (state === 'Bids Open') return r.id;
    if (state === 'Expired') {
      await ds.query(`UPDATE "requests"."service_requests" SET "expires_at" = now() - interval '1 second' WHERE "id" = $1`, [r.id]);
      // The service's own sweep may hold the row (FOR UPDATE SKIP LOCKED makes this one pass it by): sweep until
      // one of the two has committed the expiry, so the cell starts from Expired and not from a sweep in flight.
      for (let i = 0; (await stateOf(r.id)) !== 'Expired'; i++) {
        if (i === 50) throw new Error(`request ${r.id} did not expire`);
        if ((await app.get(BidExpirySweeper).sweepRequests()) === 0) await new Promise((done) => setTimeout(done, 20));
      }
      return r.id;
    }
    const mine = await client.send(PlaceBid, { actor: provider.actor, body: { data: { requestId: r.id, amount: 90, estimatedArrival: 10 } } });
    await client.send(PlaceBid, { actor: otherProvider.actor, body: { data: { requestId: r.id, amount: 80, estimatedArrival: 10 } } });
    await client.send(AcceptBid, { actor: customer.actor, bidId: mine.id });
    // The chosen provider's app has streamed a point at the job's address: 'I AM HERE' passes the arrival check.
    dispatch.streamed(r.id, { lat: r.lat, lng: r.lng });
    if (state === 'Accepted') return r.id;
    if (state === 'Cancelled') {
      await client.send(CancelServiceRequest, { actor: customer.actor, requestId: r.id });
      return r.id;
    }
    await client.send(MarkArrived, { actor: provider.actor, requestId: r.id });
    // An extra the customer has not answered yet (the 'answer extra' cells answer it; the job goes on without it).
    const extra = await client.send(AddJobExtra, { actor: provider.actor, requestId: r.id, body: { data: { serviceType: 'Tire Rotation', amount: 25, clientExtraId: randomUUID() } } });
    pendingExtra.set(r.id, extra.id);
    if (state === 'In Progress') return r.id;
    if (state === 'Customer No-Show') {
      await waitedForCustomer(r.id);
      await client.send(MarkCustomerAbsent, { actor: provider.actor, requestId: r.id });
      return r.id;
    }
    await client.send(ReportCompletion, { actor: provider.actor, requestId: r.id });
    if (state === 'Completion Reported') return r.id;
    await client.send(ConfirmCompletion, { actor: customer.actor, requestId: r.id });
    return r.id;
  }

  /** The provider's wait for the customer is over (NO_SHOW_WAIT_MINUTES): its arrival moved back an hour, not slept. */
  async function waitedForCustomer(requestId: string): Promise<void> {
    await ds.query(`UPDATE "requests"."service_requests" SET "arrived_at" = "arrived_at" - interval '1 hour' WHERE "id" = $1 AND "arrived_at" IS NOT NULL`, [requestId]);
  }

  async function stateOf(requestId: string): Promise<LifecycleState> {
    const rows: { tire_status: string; completion_reported_at: Date | null }[] = await ds.query(
      `SELECT tire_status, completion_reported_at FROM "requests"."service_requests" WHERE id = $1`,
      [requestId],
    );
    const r = rows[0]!;
    return r.tire_status === 'In Progress' && r.completion_reported_at !== null ? 'Completion Reported' : (r.tire_status as LifecycleState);
  }

  function actorOf(who: LifecycleActor): NonNullable<Actor> {
    return { customer: customer.actor, provider: provider.actor, 'other customer': otherCustomer.actor, 'other provider': otherProvider.actor, admin }[who];
  }

  async function act(action: RequestsAction, who: LifecycleActor, requestId: string): Promise<unknown> {
    const actor = actorOf(who);
    switch (action) {
      case 'absent':
        // The cells say what happens once the wait is over (before it: NO_SHOW_WAIT_NOT_OVER, job-progress.int-spec).
        await waitedForCustomer(requestId);
        return client.send(MarkCustomerAbsent, { actor, requestId });
      case 'cancel':
        return client.send(CancelServiceRequest, { actor, requestId, reason: who === 'provider' ? 'Vehicle breakdown' : null });
      case 'arrive':
        return client.send(MarkArrived, { actor, requestId });
      case 'report':
        return client.send(ReportCompletion, { actor, requestId });
      case 'confirm':
        return client.send(ConfirmCompletion, { actor, requestId });
      case 'reportProblem':
        return client.send(ReportProblem, { actor, requestId, body: { data: { category: 'service_quality', description: 'The spare was not tightened properly' } } });
      case 'addExtra':
        return client.send(AddJobExtra, { actor, requestId, body: { data: { serviceType: 'Valve Replacement', amount: 12.5, clientExtraId: randomUUID() } } });
      case 'answerExtra':
        // Before arrival there is no extra: the state refuses first (an id nobody has is never looked at).
        return client.send(AnswerJobExtra, { actor, requestId, extraId: pendingExtra.get(requestId) ?? randomUUID(), body: { data: { status: 'approved' } } });
    }
  }

  const cells = LIFECYCLE_STATES.flatMap((state) =>
    LIFECYCLE_ACTORS.flatMap((who) => REQUESTS_ACTIONS.map((action) => [state, who, action] as const)),
  );

  it.each(cells)('%s, %s, %s', async (state, who, action) => {
    const cell = REQUEST_LIFECYCLE[state][who][action];
    const requestId = await requestIn(state);
    const answer = await act(action, who, requestId).then(
      () => ({ ok: true as const }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    if ('refused' in cell) {
      expect(answer.ok).toBe(false);
      const e = (answer as { e: unknown }).e;
      expect(e).toBeInstanceOf(DomainError);
      const got = { code: (e as DomainError).code, reason: ((e as DomainError).details as { reason?: string } | undefined)?.reason };
      expect(got).toMatchObject({ code: cell.refused, ...(cell.reason ? { reason: cell.reason } : {}) });
      expect(await stateOf(requestId)).toBe(state);
    } else {
      if (!answer.ok) throw answer.e;
      expect(await stateOf(requestId)).toBe(cell.to);
    }
  });
});
