import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetBid, ListBids, PlaceBid, type BidView, type CommandParsed, type Paged } from '@tiredash/contracts';
import { BidsService } from './bids.service';

/** requests.cmd.* request-reply handlers of bids. Accepting a bid is `requests.cmd.accept-bid` (service requests). */
@Controller()
export class BidsController {
  constructor(private readonly bids: BidsService) {}

  @Command(PlaceBid)
  place(req: CommandParsed<typeof PlaceBid>): Promise<BidView> {
    return this.bids.place(req.actor, req.body);
  }

  @Command(ListBids)
  list(req: CommandParsed<typeof ListBids>): Promise<Paged<BidView>> {
    return this.bids.list(req.actor, req.filters, req.pagination);
  }

  @Command(GetBid)
  get(req: CommandParsed<typeof GetBid>): Promise<BidView> {
    return this.bids.get(req.actor, req.bidId);
  }
}
