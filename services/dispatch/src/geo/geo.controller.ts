import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GeoReverse, GeoRoute, GeoSearch, type CommandParsed, type GeoSuggestionsView, type RouteView } from '@tiredash/contracts';
import { GeoService } from './geo.service';

/** dispatch.cmd.geo-* handlers (the gateway's /api/geo/* routes). */
@Controller()
export class GeoController {
  constructor(private readonly geo: GeoService) {}

  @Command(GeoSearch)
  search(req: CommandParsed<typeof GeoSearch>): Promise<GeoSuggestionsView> {
    return this.geo.search(req.clientKey, req.query.q, req.query.limit, req.query.autocomplete);
  }

  @Command(GeoReverse)
  reverse(req: CommandParsed<typeof GeoReverse>): Promise<GeoSuggestionsView> {
    return this.geo.reverse(req.clientKey, req.query);
  }

  @Command(GeoRoute)
  route(req: CommandParsed<typeof GeoRoute>): Promise<RouteView> {
    return this.geo.route(req.clientKey, req.from, req.to);
  }
}
