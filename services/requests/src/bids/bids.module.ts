import { Module } from '@nestjs/common';
import { ReadModelsModule } from '../read-models/read-models.module';
import { ViewsModule } from '../views/views.module';
import { BidExpirySweeper } from './bid-expiry.sweeper';
import { BidsController } from './bids.controller';
import { BidsService } from './bids.service';

@Module({
  imports: [ReadModelsModule, ViewsModule],
  controllers: [BidsController],
  providers: [BidsService, BidExpirySweeper],
  exports: [BidsService, BidExpirySweeper],
})
export class BidsModule {}
