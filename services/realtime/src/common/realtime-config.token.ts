/** Injection token of the validated RealtimeConfig. */
export const REALTIME_CONFIG = Symbol('REALTIME_CONFIG');
