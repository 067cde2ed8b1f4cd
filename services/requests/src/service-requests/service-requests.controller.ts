import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  AcceptBid,
  CancelServiceRequest,
  CreateServiceRequest,
  GetServiceRequest,
  ListServiceRequests,
  type CommandParsed,
  type Paged,
  type ServiceRequestView,
} from '@tiredash/contracts';
import { ServiceRequestsService } from './service-requests.service';

/** requests.cmd.* request-reply handlers of service requests. */
@Controller()
export class ServiceRequestsController {
  constructor(private readonly requests: ServiceRequestsService) {}

  @Command(CreateServiceRequest)
  create(req: CommandParsed<typeof CreateServiceRequest>): Promise<ServiceRequestView> {
    return this.requests.create(req.actor, req.body);
  }

  @Command(ListServiceRequests)
  list(req: CommandParsed<typeof ListServiceRequests>): Promise<Paged<ServiceRequestView>> {
    return this.requests.list(req.actor, req.filters, req.sort, req.pagination);
  }

  @Command(GetServiceRequest)
  get(req: CommandParsed<typeof GetServiceRequest>): Promise<ServiceRequestView> {
    return this.requests.get(req.actor, req.requestId);
  }

  @Command(AcceptBid)
  accept(req: CommandParsed<typeof AcceptBid>): Promise<ServiceRequestView> {
    return this.requests.accept(req);
  }

  @Command(CancelServiceRequest)
  cancel(req: CommandParsed<typeof CancelServiceRequest>): Promise<ServiceRequestView> {
    return this.requests.cancel(req.actor, req.requestId, req.reason);
  }
}
