/** Injection token of the validated ContentConfig. */
export const CONTENT_CONFIG = Symbol('CONTENT_CONFIG');
