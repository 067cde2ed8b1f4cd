import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  CreateConnectAccount,
  CreatePaymentAccount,
  GetStripeStatus,
  ListPaymentAccounts,
  ListWalletTransactions,
  SetStripeStatus,
  UpdatePaymentAccount,
  createAccountBodySchema,
  paymentAccountCreateBodySchema,
  paymentAccountFiltersSchema,
  paymentAccountUpdateBodySchema,
  stripeStatusBodySchema,
  type Actor,
  type CreateAccountView,
  type PaymentAccountView,
  type StripeStatusView,
  type WalletTransactionView,
} from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/** Payment-account records (`/api/stripes`), spec section 7. Only the provider's owner (or an admin) reads or writes them. */
@ApiTags('payment accounts')
@Controller('api/stripes')
export class StripesController {
  constructor(private readonly rpc: RpcService) {}

  @Post()
  @ApiRoute({ summary: 'Record the Stripe account created for a provider (idempotent for the same account)', body: paymentAccountCreateBodySchema, errors: [400, 401, 403, 404, 409] })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: PaymentAccountView }> {
    return { data: await this.rpc.send(CreatePaymentAccount, { actor, body: parseOrThrow(paymentAccountCreateBodySchema, raw) }) };
  }

  @Get()
  @ApiQuery({ name: 'filters[providerId][documentId][$eq]', required: true })
  @ApiRoute({ summary: "A provider's payment-account record (a data array)", errors: [400, 401, 403, 404] })
  async list(@CurrentActor() actor: Actor, @Query() query: Record<string, unknown>): Promise<{ data: PaymentAccountView[] }> {
    const filters = parseOrThrow(paymentAccountFiltersSchema, parseBracketQuery(query).filters, 'Query parameter filters');
    const providerId = 'documentId' in filters.providerId ? filters.providerId.documentId.$eq : filters.providerId.$eq;
    return { data: await this.rpc.send(ListPaymentAccounts, { actor, providerId }) };
  }

  @Put(':id')
  @ApiRoute({ summary: 'Update the bank and account fields of a payment-account record', body: paymentAccountUpdateBodySchema, errors: [400, 401, 403, 404, 409] })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: PaymentAccountView }> {
    const paymentAccountId = parseId(id);
    return { data: await this.rpc.send(UpdatePaymentAccount, { actor, paymentAccountId, body: parseOrThrow(paymentAccountUpdateBodySchema, raw) }) };
  }
}

/** The provider-scoped payment routes of the main API. */
@ApiTags('providers')
@Controller('api/providers')
export class ProviderPaymentsController {
  constructor(private readonly rpc: RpcService) {}

  @Post(':id/create-stripe-account')
  @ApiRoute({ summary: "Create the provider's Stripe Express account (once) and an onboarding link", body: createAccountBodySchema, errors: [400, 401, 403, 404] })
  async createAccount(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: CreateAccountView }> {
    const providerId = parseId(id);
    const body = parseOrThrow(createAccountBodySchema, raw ?? {});
    return { data: await this.rpc.send(CreateConnectAccount, { actor, providerId, body }) };
  }

  @Get(':id/stripe-status')
  @ApiRoute({ summary: "The provider's payment-account status (null: not connected)", errors: [401, 403, 404] })
  async status(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: StripeStatusView }> {
    return { data: await this.rpc.send(GetStripeStatus, { actor, providerId: parseId(id) }) };
  }

  @Put(':id/stripe-status')
  @ApiRoute({ summary: "Set the payment-account status ('active' only once Stripe onboarding is complete)", body: stripeStatusBodySchema, errors: [400, 401, 403, 404, 409] })
  async setStatus(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: StripeStatusView }> {
    const providerId = parseId(id);
    return { data: await this.rpc.send(SetStripeStatus, { actor, providerId, body: parseOrThrow(stripeStatusBodySchema, raw) }) };
  }

  @Get(':id/wallet-transactions')
  @ApiRoute({ summary: "The provider's wallet transactions, newest first (History tab)", errors: [401, 403, 404] })
  async transactions(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: WalletTransactionView[] }> {
    return { data: await this.rpc.send(ListWalletTransactions, { actor, providerId: parseId(id) }) };
  }
}
