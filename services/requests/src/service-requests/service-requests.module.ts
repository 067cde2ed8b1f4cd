import { Module } from '@nestjs/common';
import { MatchingModule } from '../matching/matching.module';
import { ReadModelsModule } from '../read-models/read-models.module';
import { ViewsModule } from '../views/views.module';
import { ServiceRequestsController } from './service-requests.controller';
import { ServiceRequestsService } from './service-requests.service';

@Module({
  imports: [ReadModelsModule, MatchingModule, ViewsModule],
  controllers: [ServiceRequestsController],
  providers: [ServiceRequestsService],
  exports: [ServiceRequestsService],
})
export class ServiceRequestsModule {}
