import type { ChangeEvent } from 'react';
import { TextField } from '../../../shared/ui/text-field';

type PasswordField = 'password' | 'confirmPassword';

interface PasswordPairFieldsProps {
  values: Record<PasswordField, string>;
  errors: Partial<Record<PasswordField, string>>;
  onChange: (field: PasswordField) => (event: ChangeEvent<HTMLInputElement>) => void;
}

/** Password and Confirm Password of both registration forms (new-password autocomplete, required). */
export function PasswordPairFields({ values, errors, onChange }: PasswordPairFieldsProps) {
  return (
    <>
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
      />
      <TextField
        label="Confirm Password"
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
