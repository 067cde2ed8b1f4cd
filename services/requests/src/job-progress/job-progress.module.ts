import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { ViewsModule } from '../views/views.module';
import { JobProgressController } from './job-progress.controller';
import { JobProgressEvents } from './job-progress.events';
import { JobProgressService } from './job-progress.service';

@Module({ imports: [ReadModelsModule, ViewsModule], controllers: [JobProgressController], providers: [JobProgressService, JobProgressEvents] })
export class JobProgressModule {}
