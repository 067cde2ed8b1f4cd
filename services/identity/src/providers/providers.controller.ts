import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  CreateProvider,
  GetProvider,
  ListProviders,
  SetProviderPresence,
  UpdateProvider,
  type CommandParsed,
  type Paged,
  type ProviderView,
} from '@tiredash/contracts';
import { ProvidersService } from './providers.service';

/** identity.cmd.* request-reply handlers of the providers domain. */
@Controller()
export class ProvidersController {
  constructor(private readonly providers: ProvidersService) {}

  @Command(CreateProvider)
  create(req: CommandParsed<typeof CreateProvider>): Promise<ProviderView> {
    return this.providers.create(req.actor, req.body);
  }

  @Command(GetProvider)
  get(req: CommandParsed<typeof GetProvider>): Promise<ProviderView> {
    return this.providers.get(req.actor, req.providerId);
  }

  @Command(ListProviders)
  list(req: CommandParsed<typeof ListProviders>): Promise<Paged<ProviderView>> {
    return this.providers.list(req.actor, req.filters, req.pagination, req.search);
  }

  @Command(SetProviderPresence)
  setPresence(req: CommandParsed<typeof SetProviderPresence>): Promise<ProviderView> {
    return this.providers.setPresence(req.actor, req.providerId, req.body);
  }

  @Command(UpdateProvider)
  update(req: CommandParsed<typeof UpdateProvider>): Promise<ProviderView> {
    return this.providers.update(req.actor, req.providerId, req.body);
  }
}
