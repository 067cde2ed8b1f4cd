import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { DispatchConfig } from '../config';

/** Injection token of the validated DispatchConfig. */
export const DISPATCH_CONFIG = Symbol('DISPATCH_CONFIG');

@Global()
@Module({})
export class DispatchConfigModule {
  static forRoot(config: DispatchConfig): DynamicModule {
    return { module: DispatchConfigModule, providers: [{ provide: DISPATCH_CONFIG, useValue: config }], exports: [DISPATCH_CONFIG] };
  }
}
