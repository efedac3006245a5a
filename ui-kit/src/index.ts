import './tokens/index.css';

export { AppShell } from './AppShell';
export type { AppShellLinkProps, AppShellNavItem, AppShellProps } from './AppShell';
export { Button } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
export { Card } from './Card';
export type { CardProps } from './Card';
export { EmptyState } from './EmptyState';
export type { EmptyStateProps } from './EmptyState';
export { PageHeader } from './PageHeader';
export type { PageHeaderProps } from './PageHeader';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
export { TextField } from './TextField';
export type { TextFieldProps } from './TextField';
