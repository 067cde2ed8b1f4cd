import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard, RolesGuard } from './auth.guards';
import { JWT_CONFIG } from './auth.types';
import type { JwtConfig } from './jwt-config';

export interface AuthModuleOptions {
  jwt: JwtConfig;
  /** Register JwtAuthGuard then RolesGuard as global guards (default true). */
  globalGuards?: boolean;
}

@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions): DynamicModule {
    const guards =
      options.globalGuards === false
        ? []
        : [
            { provide: APP_GUARD, useExisting: JwtAuthGuard },
            { provide: APP_GUARD, useExisting: RolesGuard },
          ];
    return {
      module: AuthModule,
      global: true,
      providers: [{ provide: JWT_CONFIG, useValue: options.jwt }, JwtAuthGuard, RolesGuard, ...guards],
      exports: [JWT_CONFIG, JwtAuthGuard, RolesGuard],
    };
  }
}
