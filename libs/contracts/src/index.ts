export * from './common/errors';
export * from './common/messages';
export * from './common/actor';
export * from './common/query';
export * from './common/constants';
export * from './common/validators';
export * from './identity';
