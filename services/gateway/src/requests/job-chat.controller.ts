import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  jobMessageCreateBodySchema,
  ListJobMessages,
  paginationSchema,
  SendJobMessage,
  type Actor,
  type JobMessagesPage,
  type JobMessageView,
} from '@tiredash/contracts';
import { abuseLimit } from '../common/abuse-limits';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseBracketQuery } from '../common/bracket-query';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

/**
 * Job chat (requests service): the customer and the accepted provider of a job, while the admin's `messaging` setting
 * is on; admins read any job's chat. New messages also reach both parties live as the `job_message` socket event.
 */
@ApiTags('service-requests')
@Controller('api/service-requests')
export class JobChatController {
  constructor(private readonly rpc: RpcService) {}

  @Get(':id/messages')
  @ApiQuery({ name: 'pagination[page]', required: false, type: Number })
  @ApiQuery({ name: 'pagination[pageSize]', required: false, type: Number })
  @ApiRoute({
    summary:
      "A job's chat, newest first, with meta.canSend: its customer and accepted provider (messaging on: else 403 MESSAGING_DISABLED), or an admin (read-only)",
    errors: [400, 401, 403, 404, 409],
  })
  list(@CurrentActor() actor: Actor, @Param('id') id: string, @Query() query: Record<string, unknown>): Promise<JobMessagesPage> {
    const requestId = parseId(id);
    const pagination = parseOrThrow(paginationSchema, parseBracketQuery(query).pagination, 'Query parameter pagination');
    return this.rpc.send(ListJobMessages, { actor, requestId, pagination });
  }

  @Post(':id/messages')
  @RouteConfig(abuseLimit('chat', 'account'))
  @ApiRoute({
    summary:
      "Send a message in a job's chat (its customer or accepted provider, from Accepted until the job ends; text 1-1000 characters after trimming); " +
      'idempotent per clientMessageId: a retry answers the stored message; CHAT_RATE_LIMIT messages per account per window',
    body: jobMessageCreateBodySchema,
    errors: [400, 401, 403, 404, 409, 429],
  })
  async send(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: JobMessageView }> {
    const requestId = parseId(id);
    const body = parseOrThrow(jobMessageCreateBodySchema, raw);
    return { data: await this.rpc.send(SendJobMessage, { actor, requestId, body }) };
  }
}
