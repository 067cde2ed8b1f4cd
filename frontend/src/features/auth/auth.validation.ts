import { z } from 'zod';
import {
  customerFieldsSchema,
  loginBodySchema,
  providerFieldsSchema,
  serviceRadiusSchema,
  registerBodySchema,
  SERVICE_TYPES,
  type CustomerCreateBody,
  type LoginBody,
  type ProviderCreateBody,
  type RegisterBody,
} from '@tiredash/contracts';
import { authToastMessages } from '../../shared/i18n/locales/en/auth';
import { validateWith, type Validation } from './form-validation';

/** Toasts of spec sections 5 and 8 (title / description), in the language shown when read. */
export const AUTH_MESSAGES = {
  get loginSuccess() {
    const t = authToastMessages.get();
    return { title: t.loginSuccessTitle, description: t.loginSuccessDescription };
  },
  get loginFailed() {
    const t = authToastMessages.get();
    return { title: t.loginFailedTitle, description: t.loginFailedDescription };
  },
  get passwordMismatch() {
    const t = authToastMessages.get();
    return { title: t.passwordMismatchTitle, description: t.passwordMismatchDescription };
  },
  get serviceTypesRequired() {
    const t = authToastMessages.get();
    return { title: t.serviceTypesRequiredTitle, description: t.serviceTypesRequiredDescription };
  },
  customerRegistered: (product: string) => {
    const t = authToastMessages.get();
    return { title: t.customerRegisteredTitle, description: t.customerRegisteredDescription({ product }) };
  },
  get customerRegistrationFailed() {
    const t = authToastMessages.get();
    return { title: t.registrationFailedTitle, description: t.registrationFailedDescription };
  },
  get customerProfileFailed() {
    const t = authToastMessages.get();
    return { title: t.registrationFailedTitle, description: t.profileFailedDescription };
  },
  get providerSubmitted() {
    const t = authToastMessages.get();
    return { title: t.providerSubmittedTitle, description: t.providerSubmittedDescription };
  },
  get providerFailed() {
    const t = authToastMessages.get();
    return { title: t.providerFailedTitle, description: t.providerFailedDescription };
  },
};

const requiredText = (label: string) => z.string().trim().min(1, `${label} is required`);

const emailField = z.string().trim().min(1, 'Email is required').pipe(registerBodySchema.shape.email);
const passwordField = z.string().min(1, 'Password is required').pipe(registerBodySchema.shape.password);
const confirmField = z.string().min(1, 'Please confirm your password');

/** A number typed into a text/number input: required, numeric, then the contract's own rule. */
function numberField(label: string, rule: z.ZodTypeAny) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine((v) => Number.isFinite(Number(v)), `${label} must be a number`)
    .pipe(rule) as z.ZodType<number, z.ZodTypeDef, string>;
}

// ---- Login -------------------------------------------------------------------------------

export interface LoginValues {
  email: string;
  password: string;
}
export type LoginField = keyof LoginValues;

const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(loginBodySchema.shape.identifier),
  password: z.string().min(1, 'Password is required'),
});

export function validateLogin(values: LoginValues): Validation<LoginBody, LoginField> {
  const result = validateWith<typeof loginSchema, LoginField>(loginSchema, values);
  return result.ok ? { ok: true, data: { identifier: result.data.email, password: result.data.password } } : result;
}

// ---- Customer registration ---------------------------------------------------------------

export interface CustomerRegistrationValues {
  fullName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
}
export type CustomerRegistrationField = keyof CustomerRegistrationValues;

const customerRegistrationSchema = z.object({
  fullName: customerFieldsSchema.shape.fullName,
  email: emailField,
  phone: customerFieldsSchema.shape.phone,
  password: passwordField,
  confirmPassword: confirmField,
});

export interface CustomerRegistration {
  register: RegisterBody;
  profile: (userId: string) => CustomerCreateBody;
}

export function passwordsMatch(values: { password: string; confirmPassword: string }): boolean {
  return values.password === values.confirmPassword;
}

/** Field rules only; the password mismatch is reported separately as a toast. */
export function validateCustomerRegistration(
  values: CustomerRegistrationValues,
): Validation<CustomerRegistration, CustomerRegistrationField> {
  const result = validateWith<typeof customerRegistrationSchema, CustomerRegistrationField>(customerRegistrationSchema, values);
  if (!result.ok) return result;
  const { fullName, email, phone, password } = result.data;
  return {
    ok: true,
    data: {
      register: { username: email, email, password, role: 'customer' },
      profile: (userId) => ({ data: { fullName, phone, user: userId } }),
    },
  };
}

// ---- Provider application ----------------------------------------------------------------

/** Registration offers the same six services as the customer request form (spec section 3). */
export const PROVIDER_REGISTRATION_SERVICES = SERVICE_TYPES;

export interface ProviderRegistrationValues {
  fullName: string;
  email: string;
  phone: string;
  experience: string;
  businessName: string;
  serviceRadius: string;
  hourlyRate: string;
  serviceTypes: string[];
  vehicleDetails: string;
  /** Optional free text; not sent in the provider payload. */
  languages: string;
  password: string;
  confirmPassword: string;
}
export type ProviderRegistrationField = Exclude<keyof ProviderRegistrationValues, 'serviceTypes'>;

const providerRegistrationSchema = z.object({
  fullName: requiredText('Full name').pipe(z.string().max(120)),
  email: emailField,
  phone: providerFieldsSchema.shape.phone,
  experience: numberField('Years of experience', providerFieldsSchema.shape.yearsExperience),
  businessName: providerFieldsSchema.shape.businessName,
  serviceRadius: numberField('Service radius', serviceRadiusSchema),
  hourlyRate: numberField('Hourly rate', providerFieldsSchema.shape.hourlyRate),
  vehicleDetails: z.string().trim().max(500, 'Vehicle details must be at most 500 characters'),
  languages: z.string().trim().max(200, 'Languages must be at most 200 characters'),
  password: passwordField,
  confirmPassword: confirmField,
});

export interface ProviderApplication {
  register: RegisterBody;
  profile: (userId: string) => ProviderCreateBody;
}

/** Field rules only; password mismatch and missing service types are reported as toasts. */
export function validateProviderRegistration(
  values: ProviderRegistrationValues,
): Validation<ProviderApplication, ProviderRegistrationField> {
  const result = validateWith<typeof providerRegistrationSchema, ProviderRegistrationField>(providerRegistrationSchema, values);
  if (!result.ok) return result;
  const d = result.data;
  return {
    ok: true,
    data: {
      register: { username: d.email, email: d.email, password: d.password, role: 'provider' },
      profile: (userId) => ({
        data: {
          businessName: d.businessName,
          fullName: d.fullName,
          hourlyRate: d.hourlyRate,
          yearsExperience: d.experience,
          service_types: [...values.serviceTypes],
          serviceArea: { radius: d.serviceRadius },
          vehicleSpecs: d.vehicleDetails.length > 0 ? d.vehicleDetails : null,
          phone: d.phone,
          user: userId,
          online: false,
        },
      }),
    },
  };
}
