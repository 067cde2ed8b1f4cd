import { customerCreateBodySchema, providerCreateBodySchema, providerUpdateBodySchema, registerBodySchema } from './schemas';

const provider = {
  businessName: 'Quick Tires',
  phone: '+1 555 123 4567',
  hourlyRate: '45',
  yearsExperience: 5,
  service_types: ['Flat Tire Repair', 'Tire Rotation'],
  serviceArea: { radius: '15' },
};

describe('registerBodySchema', () => {
  it('normalises the email and keeps the role for the server to judge', () => {
    const parsed = registerBodySchema.parse({ username: 'a', email: ' A@B.co ', password: 'longenough', role: 'admin' });
    expect(parsed.email).toBe('a@b.co');
    expect(parsed.role).toBe('admin');
  });
  it('refuses short passwords and bad emails with readable messages', () => {
    const r = registerBodySchema.safeParse({ username: 'a', email: 'nope', password: 'short' });
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Enter a valid email address', 'Password must be at least 8 characters']));
  });
  it('refuses unknown fields', () => {
    expect(registerBodySchema.safeParse({ username: 'a', email: 'a@b.co', password: 'longenough', x: 1 }).success).toBe(false);
  });
});

describe('provider schemas', () => {
  it('coerces numeric text and accepts service types as a list', () => {
    const parsed = providerCreateBodySchema.parse({ data: provider });
    expect(parsed.data.hourlyRate).toBe(45);
    expect(parsed.data.serviceArea.radius).toBe(15);
    expect(parsed.data.service_types).toEqual(['Flat Tire Repair', 'Tire Rotation']);
  });
  it('accepts service types as a comma-joined string (profile editor)', () => {
    const parsed = providerUpdateBodySchema.parse({ data: { service_types: 'Tire Repair, Wheel Alignment' } });
    expect(parsed.data.service_types).toEqual(['Tire Repair', 'Wheel Alignment']);
  });
  it('requires at least one known service type', () => {
    const r = providerCreateBodySchema.safeParse({ data: { ...provider, service_types: [] } });
    expect(r.success).toBe(false);
    expect(r.success ? '' : r.error.issues[0].message).toBe('Please select at least one service type you offer.');
    expect(providerCreateBodySchema.safeParse({ data: { ...provider, service_types: ['Car Wash'] } }).success).toBe(false);
  });
  it('refuses negative rates and non-integer experience', () => {
    expect(providerCreateBodySchema.safeParse({ data: { ...provider, hourlyRate: -1 } }).success).toBe(false);
    expect(providerCreateBodySchema.safeParse({ data: { ...provider, yearsExperience: 2.5 } }).success).toBe(false);
  });
});

describe('customerCreateBodySchema', () => {
  it('requires a full name and a valid phone', () => {
    expect(customerCreateBodySchema.safeParse({ data: { fullName: '', phone: 'x' } }).success).toBe(false);
    expect(customerCreateBodySchema.safeParse({ data: { fullName: 'Ann', phone: '555 123 4567' } }).success).toBe(true);
  });
});
