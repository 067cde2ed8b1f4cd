export * from './schemas';
export * from './views';
export * from './location';
export * from './commands';
export * from './events';
export * from './location-summary';
