import { Module } from '@nestjs/common';
import { ProvidersController } from './providers.controller';
import { PresenceSweeper } from './presence.sweeper';
import { ProvidersService } from './providers.service';

@Module({
  controllers: [ProvidersController],
  providers: [ProvidersService, PresenceSweeper],
  exports: [ProvidersService],
})
export class ProvidersModule {}
