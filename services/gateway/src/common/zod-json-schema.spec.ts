import { loginBodySchema, providerCreateBodySchema, providerUpdateBodySchema } from '@tiredash/contracts';
import { zodToJsonSchema } from './zod-json-schema';

describe('zodToJsonSchema', () => {
  it('describes the login body', () => {
    expect(zodToJsonSchema(loginBodySchema)).toEqual({
      type: 'object',
      properties: {
        identifier: { type: 'string', format: 'email', maxLength: 254 },
        password: { type: 'string', minLength: 1, maxLength: 200 },
      },
      required: ['identifier', 'password'],
      additionalProperties: false,
    });
  });

  it('describes nested, optional, nullable and union fields of the provider body', () => {
    const s = zodToJsonSchema(providerCreateBodySchema);
    expect(s.required).toEqual(['data']);
    const data = s.properties!.data!;
    expect(data.required).toEqual(expect.arrayContaining(['businessName', 'phone', 'hourlyRate', 'service_types', 'serviceArea']));
    expect(data.required).not.toContain('vehicleSpecs');
    expect(data.properties!.vehicleSpecs).toMatchObject({ type: 'string', nullable: true });
    expect(data.properties!.service_types!.oneOf).toHaveLength(2);
    expect(data.properties!.location).toMatchObject({ type: 'object', nullable: true });
    expect(data.properties!.location!.properties!.lat).toEqual({ type: 'number', minimum: -90, maximum: 90 });
  });

  it('describes the restricted fields of the provider update', () => {
    const data = zodToJsonSchema(providerUpdateBodySchema).properties!.data!;
    expect(data.properties!.isApproved).toEqual({ type: 'boolean', nullable: true });
    expect(data.properties!.walletBalance).toEqual({ type: 'number', minimum: 0 });
    expect(data.required).toBeUndefined();
  });
});
