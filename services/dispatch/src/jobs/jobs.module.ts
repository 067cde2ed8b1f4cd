import { Module } from '@nestjs/common';
import { GeoModule } from '../geo/geo.module';
import { LocationModule } from '../location/location.module';
import { JobsController } from './jobs.controller';
import { JobsEvents } from './jobs.events';
import { JobsService } from './jobs.service';

@Module({ imports: [GeoModule, LocationModule], controllers: [JobsController], providers: [JobsService, JobsEvents] })
export class JobsModule {}
