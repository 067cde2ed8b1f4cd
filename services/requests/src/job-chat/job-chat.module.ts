import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { JobChatController } from './job-chat.controller';
import { JobChatService } from './job-chat.service';
import { MessagingSettingService } from './messaging-setting.service';

@Module({ imports: [ReadModelsModule], controllers: [JobChatController], providers: [JobChatService, MessagingSettingService] })
export class JobChatModule {}
