/** Injection token of the validated IdentityConfig. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
