import { Module } from '@nestjs/common';
import { LocationConsumer } from './location.consumer';
import { LocationStore } from './location-store';

@Module({ providers: [LocationStore, LocationConsumer], exports: [LocationStore] })
export class LocationModule {}
