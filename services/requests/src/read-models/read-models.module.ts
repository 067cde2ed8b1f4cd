import { Module } from '@nestjs/common';
import { MatchingModule } from '../matching/matching.module';
import { ProfilesService } from './profiles.service';
import { ReadModelsEvents } from './read-models.events';

@Module({ imports: [MatchingModule], providers: [ReadModelsEvents, ProfilesService], exports: [ProfilesService] })
export class ReadModelsModule {}
