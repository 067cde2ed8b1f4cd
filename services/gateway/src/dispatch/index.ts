import { GeoController } from './geo.controller';
import { JobsController } from './jobs.controller';

/** The dispatch routes of the gateway (/api/geo/*, /api/dispatch/jobs/*). */
export const DISPATCH_CONTROLLERS = [GeoController, JobsController];
