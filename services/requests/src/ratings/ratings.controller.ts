import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { CreateRating, ListRatings, type CommandParsed, type RatingsPage, type RatingView } from '@tiredash/contracts';
import { RatingsService } from './ratings.service';

/** requests.cmd.* handlers of ratings. */
@Controller()
export class RatingsController {
  constructor(private readonly ratings: RatingsService) {}

  @Command(CreateRating)
  create(req: CommandParsed<typeof CreateRating>): Promise<RatingView> {
    return this.ratings.create(req.actor, req.body);
  }

  @Command(ListRatings)
  list(req: CommandParsed<typeof ListRatings>): Promise<RatingsPage> {
    return this.ratings.list(req.actor, req.filters, req.pagination);
  }
}
