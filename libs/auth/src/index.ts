export * from './jwt-config';
export * from './jwt';
export * from './auth.types';
export * from './auth.decorators';
export * from './auth.guards';
export * from './auth.module';
