import { providerCreateBodySchema, customerCreateBodySchema, registerBodySchema, PRODUCT_NAME } from '@tiredash/contracts';
import {
  AUTH_MESSAGES,
  passwordsMatch,
  PROVIDER_REGISTRATION_SERVICES,
  validateCustomerRegistration,
  validateLogin,
  validateProviderRegistration,
  type ProviderRegistrationValues,
} from './auth.validation';

const customerValues = {
  fullName: 'Casey Customer',
  email: 'Casey@Example.com',
  phone: '+1 555 010 2000',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
};

const providerValues: ProviderRegistrationValues = {
  fullName: 'Pat Provider',
  email: 'pat@tires.example',
  phone: '555-010-3000',
  experience: '7',
  businessName: 'Pat Mobile Tires',
  serviceRadius: '25',
  hourlyRate: '80.5',
  serviceTypes: ['Flat Tire Repair', 'Wheel Balancing'],
  vehicleDetails: '',
  languages: 'English, Spanish',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
};

describe('spec messages', () => {
  it('carries the exact toasts of spec sections 5 and 8', () => {
    expect(AUTH_MESSAGES.loginSuccess).toEqual({ title: 'Login Successful!', description: 'Welcome back!' });
    expect(AUTH_MESSAGES.loginFailed).toEqual({ title: 'Login Failed', description: 'Invalid email or password. Please try again.' });
    expect(AUTH_MESSAGES.passwordMismatch).toEqual({ title: 'Password Mismatch', description: 'Passwords do not match. Please try again.' });
    expect(AUTH_MESSAGES.serviceTypesRequired).toEqual({
      title: 'Service Types Required',
      description: 'Please select at least one service type you offer.',
    });
    expect(AUTH_MESSAGES.providerSubmitted.title).toBe('Application Submitted!');
    expect(AUTH_MESSAGES.providerSubmitted.description).toContain('within 24 hours');
    const welcome = AUTH_MESSAGES.customerRegistered(PRODUCT_NAME);
    expect(welcome.title).toBe('Registration Successful!');
    expect(welcome.description).toContain('TireDash');
    expect(AUTH_MESSAGES.customerRegistrationFailed.description).toBe('Something went wrong. Please try again.');
    expect(AUTH_MESSAGES.customerProfileFailed.description).toBe('Something.');
  });

  it('offers the six customer service types at provider registration', () => {
    expect(PROVIDER_REGISTRATION_SERVICES).toEqual([
      'Flat Tire Repair',
      'Tire Replacement',
      'Tire Rotation',
      'Wheel Balancing',
      'Valve Replacement',
      'Emergency Service',
    ]);
  });
});

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
  });

  it('rejects a malformed email and builds the API body otherwise', () => {
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ ok: false, errors: { email: 'Enter a valid email address' } });
    expect(validateLogin({ email: ' A@B.co ', password: 'pw' })).toEqual({ ok: true, data: { identifier: 'a@b.co', password: 'pw' } });
  });
});

describe('validateCustomerRegistration', () => {
  it('requires every field', () => {
    const result = validateCustomerRegistration({ fullName: '', email: '', phone: '', password: '', confirmPassword: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        fullName: 'Full name is required',
        email: 'Email is required',
        phone: 'Phone is required',
        password: 'Password is required',
        confirmPassword: 'Please confirm your password',
      },
    });
  });

  it('uses the contract rules for email, phone and password length', () => {
    const result = validateCustomerRegistration({ ...customerValues, email: 'x@', phone: 'call me', password: 'short', confirmPassword: 'short' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.email).toBe('Enter a valid email address');
    expect(result.errors.phone).toBe('Enter a valid phone number');
    expect(result.errors.password).toBe('Password must be at least 8 characters');
  });

  it('builds a register body with role customer and a profile body the contracts accept', () => {
    const result = validateCustomerRegistration(customerValues);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.register).toEqual({ username: 'casey@example.com', email: 'casey@example.com', password: 'correct-horse', role: 'customer' });
    expect(registerBodySchema.safeParse(result.data.register).success).toBe(true);
    const profile = result.data.profile('0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b');
    expect(profile).toEqual({ data: { fullName: 'Casey Customer', phone: '+1 555 010 2000', user: '0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b' } });
    expect(customerCreateBodySchema.safeParse(profile).success).toBe(true);
  });

  it('reports a password mismatch separately', () => {
    expect(passwordsMatch({ password: 'a', confirmPassword: 'a' })).toBe(true);
    expect(passwordsMatch({ password: 'a', confirmPassword: 'b' })).toBe(false);
  });
});

describe('validateProviderRegistration', () => {
  it('requires the spec fields and numbers for experience, radius and hourly rate', () => {
    const result = validateProviderRegistration({
      ...providerValues,
      fullName: '',
      businessName: ' ',
      experience: '',
      serviceRadius: 'far',
      hourlyRate: '',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      fullName: 'Full name is required',
      businessName: 'Business name is required',
      experience: 'Years of experience is required',
      serviceRadius: 'Service radius must be a number',
      hourlyRate: 'Hourly rate is required',
    });
  });

  it('applies the contract ranges', () => {
    const result = validateProviderRegistration({ ...providerValues, experience: '2.5', serviceRadius: '0', hourlyRate: '-1' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.experience).toBe('Years of experience must be a whole number');
    expect(result.errors.serviceRadius).toBe('Service radius must be more than 0');
    expect(result.errors.hourlyRate).toBe('Hourly rate must be 0 or more');
  });

  it('leaves languages and vehicle details optional and keeps languages out of the payload', () => {
    const result = validateProviderRegistration(providerValues);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.register.role).toBe('provider');
    const body = result.data.profile('0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b');
    expect(body).toEqual({
      data: {
        businessName: 'Pat Mobile Tires',
        fullName: 'Pat Provider',
        hourlyRate: 80.5,
        yearsExperience: 7,
        service_types: ['Flat Tire Repair', 'Wheel Balancing'],
        serviceArea: { radius: 25 },
        vehicleSpecs: null,
        phone: '555-010-3000',
        user: '0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b',
        online: false,
      },
    });
    expect(JSON.stringify(body)).not.toContain('Spanish');
    expect(providerCreateBodySchema.safeParse(body).success).toBe(true);
  });
});
