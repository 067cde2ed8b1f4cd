import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { ContentConfig } from '../config';
import { CONTENT_CONFIG } from './content-config.token';

/** Makes the validated ContentConfig injectable everywhere (`@Inject(CONTENT_CONFIG)`). */
@Global()
@Module({})
export class ContentConfigModule {
  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: ContentConfigModule,
      providers: [{ provide: CONTENT_CONFIG, useValue: config }],
      exports: [CONTENT_CONFIG],
    };
  }
}
