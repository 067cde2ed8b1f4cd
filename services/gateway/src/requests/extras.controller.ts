import { Body, Controller, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import { AddJobExtra, AnswerJobExtra, jobExtraAnswerBodySchema, jobExtraCreateBodySchema, type Actor, type JobExtraView } from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/**
 * Extras of a job (requests service; issue 13 item 1): the accepted provider adds an item on site, the customer
 * approves or declines it (a card approval raises the hold first). Both parties also get the `extra_service` socket
 * event; the request view lists a job's `extras`.
 */
@ApiTags('service-requests')
@Controller('api/service-requests')
export class ExtrasController {
  constructor(private readonly rpc: RpcService) {}

  @Post(':id/extras')
  @ApiRoute({
    summary:
      "Add an extra to a job (its accepted provider, after 'I AM HERE' and before 'JOB COMPLETED'): a service type and its price in dollars; " +
      'idempotent per clientExtraId',
    body: jobExtraCreateBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async add(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: JobExtraView }> {
    const requestId = parseId(id);
    const body = parseOrThrow(jobExtraCreateBodySchema, raw);
    return { data: await this.rpc.send(AddJobExtra, { actor, requestId, body }) };
  }

  @Put(':id/extras/:extraId')
  @ApiRoute({
    summary:
      "Approve or decline a pending extra (the request's customer, while the job runs). A card approval raises the hold to the new total " +
      "(status 'card_declined' when the card refuses it); the same answer again answers the stored extra, another one is 409",
    body: jobExtraAnswerBodySchema,
    errors: [400, 401, 403, 404, 409],
  })
  async answer(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('extraId') extraId: string, @Body() raw: unknown): Promise<{ data: JobExtraView }> {
    const requestId = parseId(id);
    const body = parseOrThrow(jobExtraAnswerBodySchema, raw);
    return { data: await this.rpc.send(AnswerJobExtra, { actor, requestId, extraId: parseId(extraId), body }) };
  }
}
