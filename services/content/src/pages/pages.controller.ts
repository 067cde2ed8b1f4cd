import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetPage, UpdatePage, type CommandParsed, type PageView } from '@tiredash/contracts';
import { PagesService } from './pages.service';

@Controller()
export class PagesController {
  constructor(private readonly pages: PagesService) {}

  @Command(GetPage)
  get(req: CommandParsed<typeof GetPage>): Promise<PageView> {
    return this.pages.get(req.page);
  }

  @Command(UpdatePage)
  update(req: CommandParsed<typeof UpdatePage>): Promise<PageView> {
    return this.pages.update(req);
  }
}
