import {
  buildCreateBody,
  canSubmitRequest,
  hasCoordinates,
  INITIAL_REQUEST_VALUES,
  tireSizeInput,
  validateRequest,
  type RequestFormValues,
} from './request-form.model';

const filled: RequestFormValues = {
  ...INITIAL_REQUEST_VALUES,
  serviceType: 'Flat Tire Repair',
  tireSize: '225/65/R17',
  budget: '80',
  paymentMethod: 'cash',
};

describe('tire size input', () => {
  it.each([
    ['225', '225'],
    ['2256', '225/6'],
    ['22565', '225/65'],
    ['22565r17', '225/65/R17'],
    ['225-65 r17', '225/65/R17'],
    ['225/65/R17', '225/65/R17'],
    ['22565R1712345', '225/65/R1712345'],
    ['lt265/70r17', 'LT265/70/R17'],
    ['P215/65R15', 'P215/65/R15'],
    ['33x12.50r15', '33X12.50R15'],
  ])('formats %p as %p', (raw, formatted) => {
    expect(tireSizeInput(raw)).toBe(formatted);
  });

  it('never exceeds 16 characters', () => {
    expect(tireSizeInput('9'.repeat(40)).length).toBe(16);
  });
});

describe('submit rules', () => {
  it('is enabled with payment method, a non-zero budget and a service type', () => {
    expect(canSubmitRequest(filled)).toBe(true);
  });

  it.each<[string, Partial<RequestFormValues>]>([
    ['no payment method', { paymentMethod: '' }],
    ['no budget', { budget: '' }],
    ['a zero budget', { budget: '0' }],
    ['a non-numeric budget', { budget: 'abc' }],
    ['no service type', { serviceType: '' }],
  ])('is disabled with %s', (_why, patch) => {
    expect(canSubmitRequest({ ...filled, ...patch })).toBe(false);
  });

  it('does not depend on the tire size (validated on submit instead)', () => {
    expect(canSubmitRequest({ ...filled, tireSize: '' })).toBe(true);
    expect(validateRequest({ ...filled, tireSize: '' })).toEqual({ tireSize: 'Tire size is required' });
  });

  it('refuses an incomplete tire size and a negative budget', () => {
    expect(validateRequest({ ...filled, tireSize: '225/6', budget: '-5' })).toEqual({
      tireSize: 'Enter a tire size like 225/65/R17',
      budget: 'Budget must be more than 0',
    });
    expect(validateRequest(filled)).toEqual({});
  });

  const REAL_SIZES = ['LT265/70R17', 'P215/65R15', 'ST225/75R15', '225/45ZR17', '255/35ZR19', '33x12.50R15', '35X12.50R20LT', '31x10.50R15', '225/45R17'];
  it.each(REAL_SIZES.map((s) => [s]))('takes the tire size %s a shop sees every day, as typed', (typed) => {
    expect(validateRequest({ ...filled, tireSize: tireSizeInput(typed) })).toEqual({});
  });

  it.each([['abc'], ['225/45'], ['999999']])('still refuses %s with the form message', (typed) => {
    expect(validateRequest({ ...filled, tireSize: tireSizeInput(typed) })).toEqual({ tireSize: 'Enter a tire size like 225/65/R17' });
  });
});

describe('create body', () => {
  it('carries the spec fields, default priority normal and the coordinates in both forms', () => {
    const body = buildCreateBody(
      { ...filled, tireBrand: ' Michelin ', description: 'Flat on the highway', scheduledTime: '2030-01-02T10:30' },
      { customerId: '8b0a1bd4-1a1a-4c4c-9d9d-000000000001', photoIds: ['p1'], lat: 37.79, lng: -122.4, address: '1 Main St' },
    );
    expect(body.data).toMatchObject({
      serviceType: 'Flat Tire Repair',
      tireSize: '225/65/R17',
      tireBrand: 'Michelin',
      tireStatus: 'Bids Open',
      budget: 80,
      priority: 'normal',
      urgency: 'normal',
      description: 'Flat on the highway',
      notes: 'Flat on the highway',
      photos: ['p1'],
      address: '1 Main St',
      lat: 37.79,
      lng: -122.4,
      location: { address: '1 Main St', lat: 37.79, lng: -122.4 },
      paymentMethod: 'cash',
    });
    expect(new Date(body.data.scheduledTime as string).toISOString()).toBe(body.data.scheduledTime);
  });

  it('needs geocoding only when both coordinates are 0', () => {
    expect(hasCoordinates({ lat: 0, lng: 0 })).toBe(false);
    expect(hasCoordinates({ lat: 0, lng: 12 })).toBe(true);
  });
});
