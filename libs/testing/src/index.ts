export * from './infra';
export * from './database';
export * from './nats';
export * from './wait-for';
export { uniqueToken } from './names';
export * from './private-nats';
