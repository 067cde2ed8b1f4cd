import { Injectable } from '@nestjs/common';
import { OnEvent, type EventContext } from '@tiredash/messaging';
import { PaymentCaptured, type EventPayload } from '@tiredash/contracts';
import { WalletService } from './wallet.service';

/** The provider's wallet is credited from the capture event, never by a client. */
@Injectable()
export class WalletEvents {
  constructor(private readonly wallet: WalletService) {}

  @OnEvent(PaymentCaptured, { durable: 'payments-wallet-credit' })
  async onCaptured(p: EventPayload<typeof PaymentCaptured>, ctx: EventContext): Promise<void> {
    await this.wallet.creditCapture(ctx.manager, p);
  }
}
