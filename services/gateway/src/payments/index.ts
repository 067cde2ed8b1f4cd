import { PayController } from './pay.controller';
import { ProviderPaymentsController, StripesController } from './payment-accounts.controller';
import { RawBodyHook } from './raw-body.hook';

/** The payments routes of the gateway (/pay/..., /api/stripes, /api/providers/{id}/stripe-...). */
export const PAYMENTS_CONTROLLERS = [PayController, StripesController, ProviderPaymentsController];
export const PAYMENTS_PROVIDERS = [RawBodyHook];
