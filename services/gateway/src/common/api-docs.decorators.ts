import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse } from '@nestjs/swagger';
import type { z } from 'zod';
import { zodToJsonSchema } from './zod-json-schema';

const errorSchema = {
  type: 'object' as const,
  properties: {
    error: {
      type: 'object' as const,
      properties: {
        status: { type: 'integer' as const },
        code: { type: 'string' as const },
        message: { type: 'string' as const },
        details: {},
        requestId: { type: 'string' as const },
      },
      required: ['status', 'code', 'message'],
    },
  },
};

/** Documents a route: summary, its body (from the contracts' zod schema) and the uniform error answers. */
export function ApiRoute(opts: { summary: string; body?: z.ZodTypeAny; auth?: boolean; errors?: number[] }): MethodDecorator {
  const decorators: MethodDecorator[] = [ApiOperation({ summary: opts.summary })];
  if (opts.body) decorators.push(ApiBody({ schema: zodToJsonSchema(opts.body) }));
  if (opts.auth !== false) decorators.push(ApiBearerAuth());
  for (const status of opts.errors ?? []) {
    decorators.push(ApiResponse({ status, description: 'Uniform error body', schema: errorSchema }));
  }
  return applyDecorators(...decorators);
}
