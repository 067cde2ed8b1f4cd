export * from './rooms';
export * from './socket-events';
