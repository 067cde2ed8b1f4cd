export * from './schemas';
export * from './uploads';
export * from './views';
export * from './commands';
export * from './events';
export * from './reports';
