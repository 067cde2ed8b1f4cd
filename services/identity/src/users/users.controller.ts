import { Controller } from '@nestjs/common';
import { Command } from '@tiredash/messaging';
import {
  GetMe,
  ListUsers,
  Login,
  RegisterUser,
  SetUserRole,
  UpdateUser,
  type AuthResponse,
  type CommandParsed,
  type Paged,
  type UserView,
} from '@tiredash/contracts';
import { UsersService } from './users.service';

/** identity.cmd.* request-reply handlers of the users domain. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Command(RegisterUser)
  register(req: CommandParsed<typeof RegisterUser>): Promise<AuthResponse> {
    return this.users.register(req);
  }

  @Command(Login)
  login(req: CommandParsed<typeof Login>): Promise<AuthResponse> {
    return this.users.login(req);
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
