import { Logger } from '@nestjs/common';
import { MessagePattern, RpcException } from '@nestjs/microservices';
import { type AnyCommandDef, DomainError, type RpcErrorBody } from '@tiredash/contracts';
import { fieldErrorsOf } from '../zod-errors';

const logger = new Logger('Command');

/** The RPC error body a thrown value becomes; anything but a DomainError is logged and hidden as INTERNAL. */
export function toRpcErrorBody(err: unknown, subject: string): RpcErrorBody {
  if (err instanceof DomainError) return err.toRpc();
  logger.error(`Unhandled error in ${subject}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return { code: 'INTERNAL', message: 'Internal error' };
}

type Handler = (this: unknown, payload: unknown, ...rest: unknown[]) => unknown;

/**
 * Marks a controller method as the responder of a command (NATS request-reply via @MessagePattern).
 * The payload is validated with `def.request` first (failure: VALIDATION_FAILED with FieldError[] details)
 * and the handler receives the parsed value. A thrown DomainError crosses as `{code, message, details}`;
 * any other error as `{code: 'INTERNAL', message: 'Internal error'}` (and is logged).
 */
export function Command(def: AnyCommandDef): MethodDecorator {
  return (target, key, descriptor) => {
    const original = descriptor.value as unknown as Handler;
    if (typeof original !== 'function') throw new Error(`@Command(${def.subject}) must decorate a method`);
    const wrapped = async function (this: unknown, payload: unknown, ...rest: unknown[]): Promise<unknown> {
      const parsed = def.request.safeParse(payload);
      if (!parsed.success) {
        throw new RpcException(new DomainError('VALIDATION_FAILED', 'Validation failed', fieldErrorsOf(parsed.error)).toRpc());
      }
      try {
        return await original.call(this, parsed.data, ...rest);
      } catch (err) {
        throw new RpcException(toRpcErrorBody(err, def.subject));
      }
    };
    // Keep metadata other decorators (guards, interceptors, param types) put on the original function.
    for (const k of Reflect.getMetadataKeys(original)) {
      Reflect.defineMetadata(k, Reflect.getMetadata(k, original), wrapped);
    }
    Object.defineProperty(wrapped, 'name', { value: original.name });
    (descriptor as PropertyDescriptor).value = wrapped;
    MessagePattern(def.subject)(target, key, descriptor);
    return descriptor;
  };
}
