export * from './schemas';
export * from './views';
export * from './commands';
export * from './events';
export * from './refunds';
export * from './scheduled-holds';
