export {
  PasswordField,
  PasswordStrength,
  type PasswordFieldProps,
  type PasswordStrengthProps,
} from './PasswordField';
