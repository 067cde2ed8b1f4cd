import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { ProvidersController } from './providers.controller';
import { PresenceSweeper } from './presence.sweeper';
import { ProvidersService } from './providers.service';

@Module({
  imports: [SessionsModule],
  controllers: [ProvidersController],
  providers: [ProvidersService, PresenceSweeper],
  exports: [ProvidersService],
})
export class ProvidersModule {}
