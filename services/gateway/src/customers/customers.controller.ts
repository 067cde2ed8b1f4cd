import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '@tiredash/auth';
import {
  CreateCustomer,
  GetCustomer,
  UpdateCustomer,
  customerCreateBodySchema,
  customerUpdateBodySchema,
  type Actor,
  type CustomerView,
} from '@tiredash/contracts';
import { ApiRoute } from '../common/api-docs.decorators';
import { parseId } from '../common/ids';
import { RpcService } from '../common/rpc.service';
import { parseOrThrow } from '../common/validation';

@ApiTags('customers')
@Controller('api/customers')
export class CustomersController {
  constructor(private readonly rpc: RpcService) {}

  @Post()
  @ApiRoute({ summary: "Create the caller's customer profile", body: customerCreateBodySchema, errors: [400, 401, 403, 409] })
  async create(@CurrentActor() actor: Actor, @Body() raw: unknown): Promise<{ data: CustomerView }> {
    const body = parseOrThrow(customerCreateBodySchema, raw);
    return { data: await this.rpc.send(CreateCustomer, { actor, body }) };
  }

  @Get(':id')
  @ApiRoute({ summary: 'A customer profile (its owner or an admin)', errors: [401, 403, 404] })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<{ data: CustomerView }> {
    return { data: await this.rpc.send(GetCustomer, { actor, customerId: parseId(id) }) };
  }

  @Put(':id')
  @ApiRoute({ summary: 'Update a customer profile (its owner or an admin)', body: customerUpdateBodySchema, errors: [400, 401, 403, 404] })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() raw: unknown): Promise<{ data: CustomerView }> {
    const customerId = parseId(id);
    const body = parseOrThrow(customerUpdateBodySchema, raw);
    return { data: await this.rpc.send(UpdateCustomer, { actor, customerId, body }) };
  }
}
