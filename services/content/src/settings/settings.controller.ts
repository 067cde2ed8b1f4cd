import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  GetApiKey,
  GetLogo,
  GetSettings,
  SetLogo,
  UpdateApiKey,
  UpdateSettings,
  type ApiKeyView,
  type CommandParsed,
  type LogoView,
  type PublicSettingsView,
  type SettingsView,
} from '@tiredash/contracts';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Command(GetSettings)
  get(req: CommandParsed<typeof GetSettings>): Promise<PublicSettingsView | SettingsView> {
    return this.settings.get(req.actor);
  }

  @Command(UpdateSettings)
  update(req: CommandParsed<typeof UpdateSettings>): Promise<SettingsView> {
    return this.settings.update(req.actor, req.data);
  }

  @Command(GetApiKey)
  getApiKey(req: CommandParsed<typeof GetApiKey>): Promise<ApiKeyView> {
    return this.settings.getApiKey(req.actor);
  }

  @Command(UpdateApiKey)
  updateApiKey(req: CommandParsed<typeof UpdateApiKey>): Promise<ApiKeyView> {
    return this.settings.updateApiKey(req.actor, req.data);
  }

  @Command(GetLogo)
  getLogo(): Promise<LogoView | null> {
    return this.settings.getLogo();
  }

  @Command(SetLogo)
  setLogo(req: CommandParsed<typeof SetLogo>): Promise<LogoView | null> {
    return this.settings.setLogo(req.actor, req.logo);
  }
}
