import { defineMessages, params } from '../../i18n';

// English texts of features/auth (the spec's, exactly). Spanish: ../es/auth.json, same groups and keys.

export const loginMessages = defineMessages('auth/login', {
  documentTitle: 'Sign In',
  backHome: 'Back to Home',
  heading: 'Welcome back',
  adminTitle: 'Admin Login',
  adminDescription: 'Sign in to the administration dashboard.',
  adminSubmit: 'Sign In as Admin',
  notAdmin: 'Customer or provider? Sign in here',
  accountType: 'Account type',
  customerTab: 'Customer',
  customerIntro: 'Sign in to request tire service and track your provider.',
  customerSubmit: 'Sign In as Customer',
  newHere: 'New here?',
  createCustomer: 'Create a customer account',
  providerTab: 'Provider',
  providerIntro: 'Sign in to see requests near you, bid and manage your jobs.',
  providerSubmit: 'Sign In as Provider',
  wantToJoin: 'Want to join?',
  applyProvider: 'Apply to become a provider',
  adminSignIn: 'Admin sign in',
  email: 'Email',
  password: 'Password',
  signingIn: 'Signing in...',
});

/** Toasts of spec sections 5 and 8 (auth.validation.ts AUTH_MESSAGES). */
export const authToastMessages = defineMessages('auth/toasts', {
  loginSuccessTitle: 'Login Successful!',
  loginSuccessDescription: 'Welcome back!',
  loginFailedTitle: 'Login Failed',
  loginFailedDescription: 'Invalid email or password. Please try again.',
  passwordMismatchTitle: 'Password Mismatch',
  passwordMismatchDescription: 'Passwords do not match. Please try again.',
  serviceTypesRequiredTitle: 'Service Types Required',
  serviceTypesRequiredDescription: 'Please select at least one service type you offer.',
  customerRegisteredTitle: 'Registration Successful!',
  customerRegisteredDescription: params<{ product: string }>(
    'Welcome to {product}! Your account is ready and you can start booking tire services now.',
  ),
  registrationFailedTitle: 'Registration Failed',
  registrationFailedDescription: 'Something went wrong. Please try again.',
  profileFailedDescription: 'Something.',
  providerSubmittedTitle: 'Application Submitted!',
  providerSubmittedDescription: "Your provider application has been submitted successfully. We'll review it within 24 hours.",
  providerFailedTitle: 'Application Failed',
  providerFailedDescription: 'Something went wrong. Please check your information and try again.',
  registrationFailed: 'Registration failed',
});

/**
 * The validation messages of the auth forms and of the contracts' schemas they use, keyed by their English text
 * (form-validation.ts shows the translation of the message a rule gave).
 */
export const validationMessages = defineMessages('auth/validation', {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 8 characters',
  confirmRequired: 'Please confirm your password',
  usernameRequired: 'Username is required',
  fullNameRequired: 'Full name is required',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Enter a valid phone number',
  businessNameRequired: 'Business name is required',
  experienceRequired: 'Years of experience is required',
  experienceNumber: 'Years of experience must be a number',
  radiusRequired: 'Service radius is required',
  radiusNumber: 'Service radius must be a number',
  radiusPositive: 'Service radius must be more than 0',
  hourlyRateRequired: 'Hourly rate is required',
  hourlyRateNumber: 'Hourly rate must be a number',
  hourlyRateMin: 'Hourly rate must be 0 or more',
  vehicleDetailsLong: 'Vehicle details must be at most 500 characters',
  languagesLong: 'Languages must be at most 200 characters',
  invalid: 'This value is not valid.',
});

export const registerMessages = defineMessages('auth/register', {
  documentTitle: 'Create your account',
  title: params<{ product: string }>('Create your {product} account'),
  description: 'Book on-site tire service in minutes.',
  fullName: 'Full Name',
  email: 'Email',
  phone: 'Phone',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  creating: 'Creating account...',
  create: 'Create Account',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  professional: 'Are you a tire professional?',
  becomeProvider: 'Become a provider',
  backHome: 'Back to Home',
});
