import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { ExtrasController } from './extras.controller';
import { ExtrasService } from './extras.service';

@Module({ imports: [ReadModelsModule], controllers: [ExtrasController], providers: [ExtrasService] })
export class ExtrasModule {}
