export * from './schemas';
export * from './views';
export * from './commands';
export * from './events';
export * from './job-progress';
export * from './ratings';
export * from './lifecycle';
export * from './photo-access';
