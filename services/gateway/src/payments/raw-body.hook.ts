import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths whose exact request bytes are kept (Stripe signs the raw body, not its parsed JSON). */
export const RAW_BODY_PATHS = ['/pay/webhooks/stripe'];

export type RawBodyRequest = FastifyRequest & { rawBody?: Buffer };

/**
 * Keeps the raw body of the webhook route on `request.rawBody` (a preParsing hook copies the stream and hands
 * the same bytes on to the JSON parser). Installed when the provider is instantiated, before any module's
 * onModuleInit registers Fastify plugins (a root hook added after those would upset their loading).
 */
@Injectable()
export class RawBodyHook {
  constructor(adapterHost: HttpAdapterHost) {
    RawBodyHook.install(adapterHost);
  }

  private static install(adapterHost: HttpAdapterHost): void {
    const adapter = adapterHost.httpAdapter as { getInstance?: () => unknown } | undefined;
    const fastify = adapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify || typeof fastify.addHook !== 'function') return;
    fastify.addHook('preParsing', async (req: RawBodyRequest, _reply, payload) => {
      const path = req.url.split('?')[0] ?? '';
      if (!RAW_BODY_PATHS.includes(path)) return payload;
      const chunks: Buffer[] = [];
      for await (const chunk of payload) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
      const raw = Buffer.concat(chunks);
      req.rawBody = raw;
      const copy = Readable.from([raw]) as Readable & { receivedEncodedLength?: number };
      copy.receivedEncodedLength = raw.length;
      return copy;
    });
  }
}
