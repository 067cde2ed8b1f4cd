import type {
  AttachCustomerBody,
  AttachCustomerView,
  AuthorizationView,
  AuthorizeBody,
  CaptureBody,
  CaptureView,
  CreateAccountBody,
  CreateAccountView,
  EarningsSummaryView,
  OnboardingAccountView,
  PaymentAccountView,
  PaymentsConfigView,
  PublicSettingsView,
  RequestPaymentView,
  SavedCardView,
  StripeStatusView,
  TipView,
  WalletTransactionView,
  WithdrawalView,
} from '@tiredash/contracts';
import { errorReason } from '../../shared/api/api-error';
import { baseApi } from '../../shared/api/base-api';
import { unwrapList, unwrapOne, type Enveloped } from '../../shared/api/unwrap';
import { env } from '../../shared/env';

/**
 * An absolute URL on the card-payment backend (the spec's separate host, the gateway's /pay by default). RTK
 * Query joins relative URLs onto the main API's base, so these are made absolute.
 */
export function payUrl(path: string): string {
  const base = env.payBaseUrl.replace(/\/+$/, '');
  const joined = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  return /^https?:\/\//i.test(joined) ? joined : new URL(joined, window.location.origin).toString();
}

/** The query a provider's summary and withdrawals name the wallet by: its Stripe account when known, else its id. */
export interface WalletOwner {
  providerId: string;
  providerStripeAccountId?: string | null;
}

const api = baseApi.enhanceEndpoints({ addTagTypes: ['SavedCards', 'PaymentAccount', 'Wallet', 'RequestPayment'] });

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /pay/config: the publishable key card entry starts with (null: payments not configured). */
    getPaymentsConfig: build.query<PaymentsConfigView, void>({
      query: () => ({ url: payUrl('/config') }),
      keepUnusedDataFor: 600,
    }),
    /**
     * GET /api/settings (the public part): the card fee, commission, cancellation fee and minimum withdrawal in force,
     * which payments applies. Revalidated on every use (`no-cache`: a 304 when unchanged), so an admin's change shows.
     */
    getPlatformFees: build.query<PublicSettingsView, void>({
      query: () => ({ url: '/settings', cache: 'no-cache' }),
      transformResponse: (raw: Enveloped<PublicSettingsView>) => unwrapOne(raw),
      providesTags: ['Settings'],
    }),
    /** GET /pay/api/payments/request/{id}: the card fee kept with the request's hold and what is held or captured. */
    getRequestPayment: build.query<RequestPaymentView, string>({
      query: (requestId) => ({ url: payUrl(`/api/payments/request/${encodeURIComponent(requestId)}`) }),
      providesTags: (_r, _e, requestId) => [{ type: 'RequestPayment', id: requestId }],
    }),
    /** POST /pay/api/payments/request/{id}/tip: a card tip of `amount` cents for the customer's confirmed card job. */
    tipJob: build.mutation<TipView, { requestId: string; amount: number }>({
      query: ({ requestId, amount }) => ({ url: payUrl(`/api/payments/request/${encodeURIComponent(requestId)}/tip`), method: 'POST', body: { amount } }),
      invalidatesTags: (_r, _e, { requestId }) => [{ type: 'RequestPayment', id: requestId }],
    }),
    listSavedCards: build.query<SavedCardView[], void>({
      query: () => ({ url: payUrl('/api/cards') }),
      transformResponse: (raw: Enveloped<SavedCardView[]>) => unwrapList(raw),
      providesTags: ['SavedCards'],
    }),
    attachCard: build.mutation<AttachCustomerView, AttachCustomerBody>({
      query: (body) => ({ url: payUrl('/api/attach/customer'), method: 'POST', body }),
      invalidatesTags: ['SavedCards'],
    }),
    authorizePayment: build.mutation<AuthorizationView, AuthorizeBody>({
      query: (body) => ({ url: payUrl('/api/payments/authorize'), method: 'POST', body }),
      // A changed card fee (409 CARD_FEE_CHANGED) re-reads the settings: the dialog's amount follows.
      invalidatesTags: (_r, error, body) => [...(body.saveCard ? (['SavedCards'] as const) : []), ...(errorReason(error) === 'CARD_FEE_CHANGED' ? (['Settings'] as const) : [])],
    }),
    /** POST /pay/payments/capture at the customer's confirmation. */
    capturePayment: build.mutation<CaptureView, CaptureBody>({
      query: (body) => ({ url: payUrl('/payments/capture'), method: 'POST', body }),
      invalidatesTags: ['Wallet', 'RequestPayment'],
    }),

    getStripeStatus: build.query<StripeStatusView, string>({
      query: (providerId) => ({ url: `/providers/${encodeURIComponent(providerId)}/stripe-status` }),
      transformResponse: (raw: Enveloped<StripeStatusView>) => unwrapOne(raw),
      providesTags: (_r, _e, providerId) => [{ type: 'PaymentAccount', id: providerId }],
    }),
    /** GET /api/stripes filtered by the provider's documentId (a data array, at most one record). */
    listPaymentAccounts: build.query<PaymentAccountView[], string>({
      query: (providerId) => ({ url: '/stripes', params: { 'filters[providerId][documentId][$eq]': providerId } }),
      transformResponse: (raw: Enveloped<PaymentAccountView[]>) => unwrapList(raw),
      providesTags: (_r, _e, providerId) => [{ type: 'PaymentAccount', id: providerId }],
    }),
    createConnectAccount: build.mutation<CreateAccountView, CreateAccountBody>({
      query: (body) => ({ url: payUrl('/providers/create-account'), method: 'POST', body }),
      invalidatesTags: ['PaymentAccount'],
    }),
    createDashboardLink: build.mutation<{ url: string }, { accountId: string }>({
      query: (body) => ({ url: payUrl('/providers/create-dashboard-link'), method: 'POST', body }),
    }),
    /** GET /pay/providers/onboard/complete?accountId: finishes onboarding (stores the bank fields, marks active). */
    completeOnboarding: build.mutation<OnboardingAccountView, string>({
      query: (accountId) => ({ url: payUrl('/providers/onboard/complete'), params: { accountId } }),
      invalidatesTags: ['PaymentAccount', 'Wallet'],
    }),

    getEarningsSummary: build.query<EarningsSummaryView, WalletOwner>({
      query: ({ providerId, providerStripeAccountId }) => ({
        url: payUrl('/providers/summary'),
        params: providerStripeAccountId ? { providerStripeAccountId } : { providerId },
      }),
      providesTags: (_r, _e, { providerId }) => [{ type: 'Wallet', id: providerId }],
    }),
    listWalletTransactions: build.query<WalletTransactionView[], string>({
      query: (providerId) => ({ url: `/providers/${encodeURIComponent(providerId)}/wallet-transactions` }),
      transformResponse: (raw: Enveloped<WalletTransactionView[]>) => unwrapList(raw),
      providesTags: (_r, _e, providerId) => [{ type: 'Wallet', id: providerId }],
    }),
    /** POST /pay/providers/withdraw; `amount` in cents. */
    withdraw: build.mutation<WithdrawalView, WalletOwner & { amount: number }>({
      query: ({ providerId, providerStripeAccountId, amount }) => ({
        url: payUrl('/providers/withdraw'),
        method: 'POST',
        body: providerStripeAccountId ? { amount, providerStripeAccountId, providerId } : { amount, providerId },
      }),
      invalidatesTags: (_r, _e, { providerId }) => [{ type: 'Wallet', id: providerId }, { type: 'Provider', id: providerId }],
    }),
  }),
});

export const {
  useGetPaymentsConfigQuery,
  useGetPlatformFeesQuery,
  useGetRequestPaymentQuery,
  useTipJobMutation,
  useListSavedCardsQuery,
  useAttachCardMutation,
  useAuthorizePaymentMutation,
  useCapturePaymentMutation,
  useGetStripeStatusQuery,
  useListPaymentAccountsQuery,
  useCreateConnectAccountMutation,
  useCreateDashboardLinkMutation,
  useCompleteOnboardingMutation,
  useGetEarningsSummaryQuery,
  useListWalletTransactionsQuery,
  useWithdrawMutation,
} = paymentsApi;
