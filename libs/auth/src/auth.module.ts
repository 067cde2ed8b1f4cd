import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard, RolesGuard } from './auth.guards';
import { JWT_CONFIG, TOKEN_REVOCATIONS, type TokenRevocations } from './auth.types';
import type { JwtConfig } from './jwt-config';

export interface AuthModuleOptions {
  jwt: JwtConfig;
  /** Register JwtAuthGuard then RolesGuard as global guards (default true). */
  globalGuards?: boolean;
  /** Where ended sessions are looked up (the gateway's Redis); without it tokens live until they expire. */
  revocations?: TokenRevocations;
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
      providers: [
        { provide: JWT_CONFIG, useValue: options.jwt },
        ...(options.revocations ? [{ provide: TOKEN_REVOCATIONS, useValue: options.revocations }] : []),
        JwtAuthGuard,
        RolesGuard,
        ...guards,
      ],
      exports: [JWT_CONFIG, JwtAuthGuard, RolesGuard, ...(options.revocations ? [TOKEN_REVOCATIONS] : [])],
    };
  }
}
