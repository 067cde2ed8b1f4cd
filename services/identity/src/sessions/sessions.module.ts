import { Module } from '@nestjs/common';
import { SessionsService } from './sessions.service';

/** Access and refresh tokens, and the per-user session version (used by users and providers). */
@Module({
  providers: [SessionsService],
  exports: [SessionsService],
})
export class SessionsModule {}
