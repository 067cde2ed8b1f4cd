import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import { GetJob, MarkArrived, MarkCustomerAbsent, ReportCompletion, arrivalBodySchema, type Actor, type JobView, type ServiceRequestView } from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseId } from '../common/ids';
import { parseOrThrow } from '../common/validation';
import { RpcService } from '../common/rpc.service';
import { UploadAccess } from '../content/upload-access.service';

/**
 * The job of an accepted request (dispatch) and the provider's progress buttons over REST (the same commands as
 * the `arrived` and `job_completed` socket events).
 */
@ApiTags('dispatch')
@Controller('api/dispatch/jobs')
export class JobsController {
  constructor(
    private readonly rpc: RpcService,
    private readonly uploads: UploadAccess,
  ) {}

  @Get(':requestId')
  @ApiQuery({ name: 'track', required: false, enum: ['true', 'false'], description: 'include the sampled track' })
  @ApiRoute({ summary: 'Job progress, the provider\'s latest position and the ETA (its customer, its provider, admins)', errors: [401, 403, 404] })
  async get(@CurrentActor() actor: Actor, @Param('requestId') id: string, @Query('track') track?: string): Promise<{ data: JobView }> {
    return { data: await this.rpc.send(GetJob, { actor, requestId: parseId(id), track: track === 'true' }) };
  }

  @Post(':requestId/arrived')
  @HttpCode(200)
  @ApiRoute({
    summary:
      "'I AM HERE': the job's provider marks arrival (request In Progress; provider_arrived to the customer). Its latest streamed position must be " +
      'within ARRIVAL_MAX_DISTANCE_METERS (default 300) of the job, else 409 ARRIVAL_TOO_FAR with the distance; with no streamed position, 409 ARRIVAL_POSITION_UNKNOWN. ' +
      '`data.overrideReason` arrives anyway (admins see it; no no-show fee is charged on such an arrival)',
    body: arrivalBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async arrived(@CurrentActor() actor: Actor, @Param('requestId') id: string, @Body() raw: unknown): Promise<{ data: ServiceRequestView }> {
    const requestId = parseId(id);
    const body = parseOrThrow(arrivalBodySchema, raw ?? {});
    const overrideReason = body.data?.overrideReason;
    return { data: await this.uploads.withPhotoUrl(actor, await this.rpc.send(MarkArrived, { actor, requestId, ...(overrideReason ? { overrideReason } : {}) })) };
  }

  @Post(':requestId/customer-absent')
  @HttpCode(200)
  @ApiRoute({
    summary:
      "'Customer not here': the job's provider marks the customer absent NO_SHOW_WAIT_MINUTES (default 10) after arrival (409 NO_SHOW_WAIT_NOT_OVER with secondsLeft before): " +
      'request Customer No-Show; a card job pays the no-show fee from its hold, a cash job nothing',
    errors: [401, 403, 404, 409],
  })
  async customerAbsent(@CurrentActor() actor: Actor, @Param('requestId') id: string): Promise<{ data: ServiceRequestView }> {
    return { data: await this.uploads.withPhotoUrl(actor, await this.rpc.send(MarkCustomerAbsent, { actor, requestId: parseId(id) })) };
  }

  @Post(':requestId/completed')
  @HttpCode(200)
  @ApiRoute({ summary: "'JOB COMPLETED': the job's provider reports completion after arrival (job_completed to the customer)", errors: [401, 403, 404, 409] })
  async completed(@CurrentActor() actor: Actor, @Param('requestId') id: string): Promise<{ data: ServiceRequestView }> {
    return { data: await this.uploads.withPhotoUrl(actor, await this.rpc.send(ReportCompletion, { actor, requestId: parseId(id) })) };
  }
}
