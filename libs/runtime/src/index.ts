export * from './env';
export * from './run-service';
