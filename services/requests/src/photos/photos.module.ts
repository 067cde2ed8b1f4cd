import { Module } from '@nestjs/common';
import { PhotosController } from './photos.controller';
import { PhotoAccessService } from './photo-access.service';

@Module({ controllers: [PhotosController], providers: [PhotoAccessService] })
export class PhotosModule {}
