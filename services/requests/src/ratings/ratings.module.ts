import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

@Module({ imports: [ReadModelsModule], controllers: [RatingsController], providers: [RatingsService] })
export class RatingsModule {}
