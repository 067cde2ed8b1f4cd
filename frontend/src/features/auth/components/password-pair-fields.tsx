import type { ChangeEvent } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { registerMessages } from '../../../shared/i18n/locales/en/auth';
import { TextField } from '../../../shared/ui/text-field';

type PasswordField = 'password' | 'confirmPassword';

interface PasswordPairFieldsProps {
  values: Record<PasswordField, string>;
  errors: Partial<Record<PasswordField, string>>;
  onChange: (field: PasswordField) => (event: ChangeEvent<HTMLInputElement>) => void;
}

/** Password and Confirm Password of both registration forms (new-password autocomplete, required). */
export function PasswordPairFields({ values, errors, onChange }: PasswordPairFieldsProps) {
  const t = useMessages(registerMessages);
  return (
    <>
      <TextField
        label={t.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
      />
      <TextField
        label={t.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={onChange('confirmPassword')}
        error={errors.confirmPassword}
      />
    </>
  );
}
