export * from './env';
export * from './run-service';
export * from './nats';
export * from './health';
export * from './metrics';
export * from './logger';
export * from './tracing';
