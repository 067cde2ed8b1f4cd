import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { IDENTITY_CONFIG } from '../common/identity-config.token';
import type { IdentityConfig } from '../config';

/** argon2id hashing with the configured cost; verification of unknown users burns the same work. */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  hash(password: string): Promise<string> {
    const { memoryCost, timeCost, parallelism } = this.config.argon2;
    return argon2.hash(password, { type: argon2.argon2id, memoryCost, timeCost, parallelism });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Verifies the password against a throw-away hash of the same cost and answers false, so that a login
   * with an unknown email takes as long as one with a wrong password (no user enumeration by timing).
   */
  async verifyAgainstDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(`dummy-${Math.random()}`);
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
