/** Injection token of the gateway's ioredis client (also the rate limiter's store). */
export const REDIS = Symbol('REDIS');
