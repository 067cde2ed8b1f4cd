import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import { ListJobMessages, SendJobMessage, type CommandParsed, type JobMessagesPage, type JobMessageView } from '@tiredash/contracts';
import { JobChatService } from './job-chat.service';

/** requests.cmd.* handlers of the job chat. */
@Controller()
export class JobChatController {
  constructor(private readonly chat: JobChatService) {}

  @Command(SendJobMessage)
  send(req: CommandParsed<typeof SendJobMessage>): Promise<JobMessageView> {
    return this.chat.send(req.actor, req.requestId, req.body);
  }

  @Command(ListJobMessages)
  list(req: CommandParsed<typeof ListJobMessages>): Promise<JobMessagesPage> {
    return this.chat.list(req.actor, req.requestId, req.pagination);
  }
}
