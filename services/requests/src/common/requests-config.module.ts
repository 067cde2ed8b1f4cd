import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { RequestsConfig } from '../config';

/** Injection token of the validated RequestsConfig. */
export const REQUESTS_CONFIG = Symbol('REQUESTS_CONFIG');

/** Makes the validated RequestsConfig injectable everywhere (`@Inject(REQUESTS_CONFIG)`). */
@Global()
@Module({})
export class RequestsConfigModule {
  static forRoot(config: RequestsConfig): DynamicModule {
    return {
      module: RequestsConfigModule,
      providers: [{ provide: REQUESTS_CONFIG, useValue: config }],
      exports: [REQUESTS_CONFIG],
    };
  }
}
