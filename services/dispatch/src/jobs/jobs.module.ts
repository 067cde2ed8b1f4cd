import { Module } from '@nestjs/common';
import { GeoModule } from '../geo/geo.module';
import { LocationModule } from '../location/location.module';
import { JobsController } from './jobs.controller';
import { JobsEvents } from './jobs.events';
import { JobsService } from './jobs.service';
import { LocationSummaryController } from './location-summary.controller';
import { LocationSummaryService } from './location-summary.service';

@Module({ imports: [GeoModule, LocationModule], controllers: [JobsController, LocationSummaryController], providers: [JobsService, JobsEvents, LocationSummaryService] })
export class JobsModule {}
