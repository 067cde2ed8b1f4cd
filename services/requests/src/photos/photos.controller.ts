import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetPhotoAccess, type CommandParsed } from '@tiredash/contracts';
import { PhotoAccessService } from './photo-access.service';

/** requests.cmd.get-photo-access: which request photos the caller may see as a party of the request. */
@Controller()
export class PhotosController {
  constructor(private readonly access: PhotoAccessService) {}

  @Command(GetPhotoAccess)
  async photoAccess(req: CommandParsed<typeof GetPhotoAccess>): Promise<{ ids: string[] }> {
    return { ids: await this.access.allowed(req.actor, req.uploads) };
  }
}
