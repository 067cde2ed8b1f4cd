import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { GetMedia, GetMediaRecords, RegisterUploads, type CommandParsed, type MediaRecord, type MediaView } from '@tiredash/contracts';
import { MediaService } from './media.service';

@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Command(RegisterUploads)
  register(req: CommandParsed<typeof RegisterUploads>): Promise<MediaView[]> {
    return this.media.register(req.actor, req.purpose, req.files);
  }

  @Command(GetMedia)
  get(req: CommandParsed<typeof GetMedia>): Promise<MediaRecord> {
    return this.media.record(req.id);
  }

  @Command(GetMediaRecords)
  records(req: CommandParsed<typeof GetMediaRecords>): Promise<MediaRecord[]> {
    return this.media.records(req.ids);
  }
}
