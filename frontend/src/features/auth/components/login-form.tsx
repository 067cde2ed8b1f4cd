import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { loginMessages } from '../../../shared/i18n/locales/en/auth';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { validateLogin, type LoginField, type LoginValues } from '../auth.validation';
import type { FieldErrors } from '../form-validation';
import { useSignIn } from '../hooks/use-sign-in';

interface LoginFormProps {
  /** Distinguishes the inputs of the customer, provider and admin forms. */
  idPrefix: string;
  submitLabel: string;
}

export function LoginForm({ idPrefix, submitLabel }: LoginFormProps) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const { signIn, isSigningIn } = useSignIn();
  const t = useMessages(loginMessages);

  const set = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateLogin(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const ok = await signIn(result.data);
    if (!ok) setValues((v) => ({ ...v, password: '' }));
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TextField
        id={`${idPrefix}-email`}
        label={t.email}
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t.password}
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Button type="submit" size="lg" busy={isSigningIn} className="btn--block">
        {isSigningIn ? t.signingIn : submitLabel}
      </Button>
    </form>
  );
}
