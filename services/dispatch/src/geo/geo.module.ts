import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller';
import { GeoService } from './geo.service';
import { MapKeyService } from './map-key.service';
import { UpstreamClient } from './upstream.client';

@Module({ controllers: [GeoController], providers: [GeoService, UpstreamClient, MapKeyService], exports: [GeoService] })
export class GeoModule {}
