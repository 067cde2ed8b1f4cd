import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor, Public } from '@tiredash/auth';
import {
  AttachCustomerCard,
  AuthorizePayment,
  CapturePayment,
  CompleteOnboarding,
  CreateConnectAccount,
  CreateDashboardLink,
  DomainError,
  GetEarningsSummary,
  GetPaymentsConfig,
  GetRequestPayment,
  HandleStripeWebhook,
  ListSavedCards,
  TipJob,
  VoidAuthorization,
  Withdraw,
  attachCustomerBodySchema,
  authorizeBodySchema,
  captureBodySchema,
  createAccountBodySchema,
  dashboardLinkBodySchema,
  paymentIntentIdSchema,
  stripeAccountIdSchema,
  tipBodySchema,
  withdrawBodySchema,
  type Actor,
  type AttachCustomerView,
  type AuthorizationView,
  type CaptureView,
  type CreateAccountView,
  type EarningsSummaryView,
  type OnboardingAccountView,
  type PaymentsConfigView,
  type RequestPaymentView,
  type SavedCardView,
  type TipView,
  type VoidView,
  type WebhookResultView,
  type WithdrawalView,
} from '@tiredash/contracts';
import { z } from 'zod';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';
import type { RawBodyRequest } from './raw-body.hook';

const summaryQuerySchema = z
  .object({ providerStripeAccountId: stripeAccountIdSchema.optional(), providerId: z.string().uuid().optional() })
  .refine((q) => q.providerStripeAccountId !== undefined || q.providerId !== undefined, {
    message: 'providerStripeAccountId is required',
    path: ['providerStripeAccountId'],
  });
const voidBodySchema = z
  .object({ paymentIntentId: paymentIntentIdSchema.optional(), requestId: z.string().uuid().optional() })
  .strict()
  .refine((b) => b.paymentIntentId !== undefined || b.requestId !== undefined, { message: 'paymentIntentId or requestId is required', path: ['paymentIntentId'] });

/**
 * The card-payment backend the spec puts on a separate host, served under /pay. Every call is forwarded to the
 * payments service, which checks that the caller owns the card, request or payment account.
 */
@ApiTags('payments')
@Controller('pay')
export class PayController {
  constructor(private readonly rpc: RpcService) {}

  @Post('api/payments/authorize')
  @RouteConfig(abuseLimit('payment', 'account'))
  @HttpCode(200)
  @ApiRoute({ summary: 'Authorise a card payment (manual capture) of `amount` cents; re-authorises a request at a new amount', body: authorizeBodySchema, errors: [400, 401, 403] })
  authorize(@CurrentActor() actor: Actor, @Body() raw: unknown, @Headers('idempotency-key') key?: string): Promise<AuthorizationView> {
    const body = parseOrThrow(authorizeBodySchema, raw);
    const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 200 ? key : undefined;
    return this.rpc.send(AuthorizePayment, { actor, body, idempotencyKey });
  }

  @Post('api/attach/customer')
  @RouteConfig(abuseLimit('payment', 'account'))
  @HttpCode(200)
  @ApiRoute({ summary: "Attach a new card to the caller's Stripe customer and save it", body: attachCustomerBodySchema, errors: [400, 401, 403] })
  attach(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<AttachCustomerView> {
    return this.rpc.send(AttachCustomerCard, { actor, body: parseOrThrow(attachCustomerBodySchema, raw) });
  }

  @Get('api/cards')
  @ApiRoute({ summary: "The caller's saved cards", errors: [401, 403] })
  async cards(@CurrentActor() actor: Actor): Promise<{ data: SavedCardView[] }> {
    return { data: await this.rpc.send(ListSavedCards, { actor }) };
  }

  @Get('api/payments/request/:requestId')
  @ApiRoute({
    summary: "What the caller's card pays for a request (its customer or an admin): the card fee kept with the hold, what is held, captured or kept as a cancellation fee",
    errors: [400, 401, 403, 404],
  })
  requestPayment(@CurrentActor() actor: Actor, @Param('requestId') raw: string): Promise<RequestPaymentView> {
    const requestId = parseOrThrow(z.string().uuid(), raw, 'Request id');
    return this.rpc.send(GetRequestPayment, { actor, requestId });
  }

  @Post('api/payments/request/:requestId/tip')
  @RouteConfig(abuseLimit('payment', 'account'))
  @HttpCode(200)
  @ApiRoute({
    summary:
      "Tip the provider of the caller's confirmed card job `amount` cents ($1 to $500) on the job's card, while the admin's tipping is on: 100% to the provider's wallet, one tip per job (a retry of the same amount answers the same tip)",
    body: tipBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  tip(@CurrentActor() actor: Actor, @Param('requestId') rawId: string, @Body() raw: unknown): Promise<TipView> {
    const requestId = parseOrThrow(z.string().uuid(), rawId, 'Request id');
    return this.rpc.send(TipJob, { actor, requestId, body: parseOrThrow(tipBodySchema, raw) }, 30_000);
  }

  @Post('payments/capture')
  @HttpCode(200)
  @ApiRoute({
    summary: "Capture the request's authorisation at confirmation (the provider is credited the job amount minus the commission of the settings, 20% by default)",
    body: captureBodySchema,
    errors: [400, 401, 403, 404],
  })
  capture(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<CaptureView> {
    return this.rpc.send(CapturePayment, { actor, body: parseOrThrow(captureBodySchema, raw) }, 30_000);
  }

  @Post('payments/void')
  @HttpCode(200)
  @ApiRoute({ summary: "Void a request's authorisation", body: voidBodySchema, errors: [400, 401, 403, 404] })
  void(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<VoidView> {
    const body = parseOrThrow(voidBodySchema, raw);
    return this.rpc.send(VoidAuthorization, { actor, requestId: body.requestId, paymentIntentId: body.paymentIntentId });
  }

  @Post('providers/create-account')
  @HttpCode(200)
  @ApiRoute({ summary: "Create the provider's Stripe Express account (once) and answer the onboarding link {id, url}", body: createAccountBodySchema, errors: [400, 401, 403, 404] })
  createAccount(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<CreateAccountView> {
    return this.rpc.send(CreateConnectAccount, { actor, body: parseOrThrow(createAccountBodySchema, raw) });
  }

  @Post('providers/create-dashboard-link')
  @HttpCode(200)
  @ApiRoute({ summary: 'A login link to the Stripe Express dashboard of the caller’s account', body: dashboardLinkBodySchema, errors: [400, 401, 403, 404] })
  dashboardLink(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ url: string }> {
    return this.rpc.send(CreateDashboardLink, { actor, body: parseOrThrow(dashboardLinkBodySchema, raw) });
  }

  @Get('providers/onboard/complete')
  @ApiQuery({ name: 'accountId', required: true })
  @ApiRoute({ summary: 'Finish onboarding: reads the account at Stripe, stores its bank fields and marks the record active', errors: [400, 401, 403, 404, 409] })
  complete(@CurrentActor() actor: Actor, @Query('accountId') accountId?: string): Promise<OnboardingAccountView> {
    if (!accountId) throw new DomainError('BAD_REQUEST', 'No account ID found');
    return this.rpc.send(CompleteOnboarding, { actor, accountId: parseOrThrow(stripeAccountIdSchema, accountId, 'Query parameter accountId') });
  }

  @Post('providers/withdraw')
  @HttpCode(200)
  @ApiRoute({ summary: 'Withdraw `amount` cents from the wallet (at least $5, at most the balance)', body: withdrawBodySchema, errors: [400, 401, 403, 404, 503] })
  withdraw(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<WithdrawalView> {
    return this.rpc.send(Withdraw, { actor, body: parseOrThrow(withdrawBodySchema, raw) }, 30_000);
  }

  @Get('providers/summary')
  @ApiQuery({ name: 'providerStripeAccountId', required: false })
  @ApiQuery({ name: 'providerId', required: false })
  @ApiRoute({ summary: 'Earnings summary of the wallet: available, weekEarnings, monthEarnings (dollars)', errors: [400, 401, 403, 404] })
  summary(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<EarningsSummaryView> {
    const q = parseOrThrow(summaryQuerySchema, query, 'Query');
    return this.rpc.send(GetEarningsSummary, { actor, providerStripeAccountId: q.providerStripeAccountId, providerId: q.providerId });
  }

  @Public()
  @Get('config')
  @ApiRoute({ summary: 'The publishable key card entry starts with (also as `stripeSecretKey`, the field the client reads)', auth: false })
  config(): Promise<PaymentsConfigView> {
    return this.rpc.send(GetPaymentsConfig, {});
  }

  @Public()
  @Post('webhooks/stripe')
  @HttpCode(200)
  @ApiRoute({ summary: 'Stripe webhooks, verified with the signing secret over the raw body; forged, unsigned or stale ones are refused', auth: false, errors: [400] })
  webhook(@Req() req: RawBodyRequest, @Headers('stripe-signature') signature?: string): Promise<WebhookResultView> {
    const raw = req.rawBody;
    if (!raw) throw new DomainError('BAD_REQUEST', 'Webhook refused: empty body');
    return this.rpc.send(HandleStripeWebhook, { payload: raw.toString('utf8'), signature: signature ?? null });
  }
}

