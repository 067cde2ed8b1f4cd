import { Module } from '@nestjs/common';
import { ProfilesService } from './profiles.service';
import { ReadModelsEvents } from './read-models.events';

@Module({ providers: [ReadModelsEvents, ProfilesService], exports: [ProfilesService] })
export class ReadModelsModule {}
