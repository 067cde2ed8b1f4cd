import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { IdentityConfig } from '../config';
import { IDENTITY_CONFIG } from './identity-config.token';

/** Makes the validated IdentityConfig injectable everywhere (`@Inject(IDENTITY_CONFIG)`). */
@Global()
@Module({})
export class IdentityConfigModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityConfigModule,
      providers: [{ provide: IDENTITY_CONFIG, useValue: config }],
      exports: [IDENTITY_CONFIG],
    };
  }
}
