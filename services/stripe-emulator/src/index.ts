export * from './emulator';
export * from './config';
export { signPayload } from './webhooks';
export { FAILING_BANK_ACCOUNT } from './resources';
