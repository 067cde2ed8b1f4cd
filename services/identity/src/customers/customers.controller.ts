import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  CreateCustomer,
  GetCustomer,
  UpdateCustomer,
  type CommandParsed,
  type CustomerView,
} from '@tiredash/contracts';
import { CustomersService } from './customers.service';

/** identity.cmd.* request-reply handlers of the customers domain. */
@Controller()
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Command(CreateCustomer)
  create(req: CommandParsed<typeof CreateCustomer>): Promise<CustomerView> {
    return this.customers.create(req.actor, req.body);
  }

  @Command(GetCustomer)
  get(req: CommandParsed<typeof GetCustomer>): Promise<CustomerView> {
    return this.customers.get(req.actor, req.customerId);
  }

  @Command(UpdateCustomer)
  update(req: CommandParsed<typeof UpdateCustomer>): Promise<CustomerView> {
    return this.customers.update(req.actor, req.customerId, req.body);
  }
}
