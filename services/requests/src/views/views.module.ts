import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { ViewerService } from './viewer.service';
import { ViewsService } from './views.service';

@Module({ imports: [ReadModelsModule], providers: [ViewsService, ViewerService], exports: [ViewsService, ViewerService] })
export class ViewsModule {}
