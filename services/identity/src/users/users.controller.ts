import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  EndRefreshFamily,
  GetMe,
  ListUsers,
  Login,
  RefreshSession,
  RegisterUser,
  SetUserRole,
  UpdateUser,
  type AuthResponse,
  type CommandParsed,
  type Paged,
  type SessionIssued,
  type SessionRenewed,
  type UserView,
} from '@tiredash/contracts';
import { UsersService } from './users.service';

/** identity.cmd.* request-reply handlers of the users domain. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Command(RegisterUser)
  register(req: CommandParsed<typeof RegisterUser>): Promise<SessionIssued> {
    return this.users.register(req);
  }

  @Command(Login)
  login(req: CommandParsed<typeof Login>): Promise<SessionIssued> {
    return this.users.login(req);
  }

  @Command(RefreshSession)
  refresh(req: CommandParsed<typeof RefreshSession>): Promise<SessionRenewed> {
    return this.users.refresh(req.refreshToken);
  }

  @Command(EndRefreshFamily)
  endRefreshFamily(req: CommandParsed<typeof EndRefreshFamily>): Promise<{ ended: boolean }> {
    return this.users.endRefreshFamily(req.refreshToken);
  }

  @Command(GetMe)
  getMe(req: CommandParsed<typeof GetMe>): Promise<UserView> {
    return this.users.getMe(req.actor);
  }

  @Command(SetUserRole)
  setRole(req: CommandParsed<typeof SetUserRole>): Promise<AuthResponse> {
    return this.users.setRole(req.actor, req.body);
  }

  @Command(UpdateUser)
  update(req: CommandParsed<typeof UpdateUser>): Promise<UserView> {
    return this.users.updateUser(req.actor, req.userId, req.body);
  }

  @Command(ListUsers)
  list(req: CommandParsed<typeof ListUsers>): Promise<Paged<UserView>> {
    return this.users.listUsers(req.actor, req.pagination, req.search);
  }
}
