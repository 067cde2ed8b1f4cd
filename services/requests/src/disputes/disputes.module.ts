import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { DisputesController } from './disputes.controller';
import { DisputesService } from './disputes.service';

@Module({ imports: [ReadModelsModule], controllers: [DisputesController], providers: [DisputesService] })
export class DisputesModule {}
