import { PayController } from './pay.controller';
import { ProviderPaymentsController, StripesController } from './payment-accounts.controller';
import { RawBodyHook } from './raw-body.hook';
import { ScheduledHoldsController } from './scheduled-holds.controller';

/** The payments routes of the gateway (/pay/..., /api/stripes, /api/providers/{id}/stripe-...). */
export const PAYMENTS_CONTROLLERS = [PayController, ScheduledHoldsController, StripesController, ProviderPaymentsController];
export const PAYMENTS_PROVIDERS = [RawBodyHook];
