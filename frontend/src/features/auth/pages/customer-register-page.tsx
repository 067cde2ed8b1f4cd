import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PRODUCT_NAME } from '@tiredash/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { fieldErrorsOf } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/toast/use-toast';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { TextField } from '../../../shared/ui/text-field';
import { PasswordPairFields } from '../components/password-pair-fields';
import { useMessages } from '../../../shared/i18n/i18n';
import { registerMessages } from '../../../shared/i18n/locales/en/auth';
import { useDocumentTitle } from '../../../shared/use-document-title';
import { SiteHeader } from '../../content/components/site-header';
import { useCreateCustomerMutation } from '../../customer/api';
import { useRegisterMutation } from '../api';
import { loggedOut, tokenReceived } from '../auth.slice';
import {
  AUTH_MESSAGES,
  passwordsMatch,
  validateCustomerRegistration,
  type CustomerRegistrationField,
  type CustomerRegistrationValues,
} from '../auth.validation';
import type { FieldErrors } from '../form-validation';
import { useLoadCurrentUser } from '../hooks/use-load-current-user';

const EMPTY: CustomerRegistrationValues = { fullName: '', email: '', phone: '', password: '', confirmPassword: '' };

/** /customer/register: account (role customer), then the customer profile, then /dashboard. */
export function CustomerRegisterPage() {
  const t = useMessages(registerMessages);
  useDocumentTitle(t.documentTitle);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<CustomerRegistrationField>>({});
  const [register, registerState] = useRegisterMutation();
  const [createCustomer, createState] = useCreateCustomerMutation();
  const loadCurrentUser = useLoadCurrentUser();
  const [loadingUser, setLoadingUser] = useState(false);
  const busy = registerState.isLoading || createState.isLoading || loadingUser;

  const set = (field: CustomerRegistrationField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateCustomerRegistration(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (!passwordsMatch(values)) {
      toast({ ...AUTH_MESSAGES.passwordMismatch, variant: 'destructive' });
      return;
    }
    let jwt: string;
    let userId: string;
    try {
      const auth = await register(result.data.register).unwrap();
      jwt = auth.jwt;
      userId = auth.user.id;
    } catch (error) {
      const { username, ...fields } = fieldErrorsOf(error);
      setErrors({ ...fields, ...(username ? { email: username } : {}) });
      toast({ ...AUTH_MESSAGES.customerRegistrationFailed, variant: 'destructive' });
      return;
    }
    dispatch(tokenReceived(jwt));
    try {
      await createCustomer(result.data.profile(userId)).unwrap();
    } catch (error) {
      console.error('Customer profile creation failed', error);
      dispatch(loggedOut({ redirectTo: null }));
      toast({ ...AUTH_MESSAGES.customerProfileFailed, variant: 'destructive' });
      return;
    }
    setLoadingUser(true);
    try {
      await loadCurrentUser(jwt);
    } catch {
      toast({ ...AUTH_MESSAGES.customerRegistrationFailed, variant: 'destructive' });
      return;
    } finally {
      setLoadingUser(false);
    }
    toast(AUTH_MESSAGES.customerRegistered(PRODUCT_NAME));
    void navigate('/dashboard', { replace: true });
  };

  return (
    <div className="page">
      <SiteHeader />
      <main id="main" className="container auth-layout">
        <Card title={<span>{t.title({ product: PRODUCT_NAME })}</span>} description={t.description}>
          <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <TextField label={t.fullName} name="fullName" autoComplete="name" required value={values.fullName} onChange={set('fullName')} error={errors.fullName} />
            <TextField label={t.email} name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
            <TextField label={t.phone} name="phone" type="tel" autoComplete="tel" required value={values.phone} onChange={set('phone')} error={errors.phone} />
            <PasswordPairFields values={values} errors={errors} onChange={set} />
            <Button type="submit" size="lg" busy={busy} className="btn--block">
              {busy ? t.creating : t.create}
            </Button>
          </form>
          <p className="auth-links">
            {t.haveAccount} <Link to="/login">{t.signIn}</Link>
          </p>
          <p className="auth-links">
            {t.professional} <Link to="/provider/register">{t.becomeProvider}</Link> · <Link to="/">{t.backHome}</Link>
          </p>
        </Card>
      </main>
    </div>
  );
}
