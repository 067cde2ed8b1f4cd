import { GetPaymentsConfig, type PaymentsConfigView } from '@tiredash/contracts';
import type { Logger } from 'pino';

/** What asks payments for its config (the gateway's RpcService). */
export interface PaymentsConfigSource {
  send(
    def: typeof GetPaymentsConfig,
    payload: Record<string, never>,
    timeoutMs?: number,
  ): Promise<PaymentsConfigView>;
}

/** The Content-Security-Policy source of a Stripe.js stand-in URL (its origin); none for Stripe's own script. */
export function stripeJsStandInSources(stripeJsUrl: string | null): string[] {
  if (!stripeJsUrl) return [];
  return [new URL(stripeJsUrl).origin];
}

/**
 * The sources the SPA's Content-Security-Policy must add for Stripe.js beyond Stripe's own (https://js.stripe.com):
 * on a local stack payments names the bundled emulator's stand-in (GET /pay/config `stripeJsUrl`), which is loaded
 * from the emulator's origin and sends card details to the emulator there (script-src and connect-src); with real
 * Stripe none. Asked of payments once at start-up (under `npm start` and Docker Compose payments is up before the
 * gateway); without an answer within `timeoutMs`, none, as with real Stripe.
 */
export async function askStripeJsStandInSources(
  payments: PaymentsConfigSource,
  timeoutMs: number,
  logger: Logger,
): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const config = await Promise.race([
      payments.send(GetPaymentsConfig, {}, timeoutMs),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    const sources = stripeJsStandInSources(config.stripeJsUrl);
    if (sources.length > 0)
      logger.info(
        { stripeJsUrl: config.stripeJsUrl },
        "Stripe.js: the Stripe emulator's stand-in (allowed by the Content-Security-Policy)",
      );
    return sources;
  } catch (err) {
    logger.warn(
      { err },
      "Stripe.js: payments did not say where Stripe.js comes from at start-up; only Stripe's own is allowed",
    );
    return [];
  } finally {
    clearTimeout(timer);
  }
}
