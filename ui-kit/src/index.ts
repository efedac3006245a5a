import './tokens/index.css';

export { Alert, Banner } from './Alert';
export type { AlertProps, AlertTone, BannerProps } from './Alert';
export { AppShell } from './AppShell';
export type { AppShellLinkProps, AppShellNavItem, AppShellProps } from './AppShell';
export { Badge } from './Badge';
export type { BadgeProps, BadgeTone } from './Badge';
export { Button } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
export { Card } from './Card';
export type { CardProps } from './Card';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { Dialog, DialogClose } from './Dialog';
export type { DialogCloseProps, DialogProps } from './Dialog';
export { Drawer } from './Drawer';
export type { DrawerProps } from './Drawer';
export {
  DropdownMenu,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuLinkItem,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
} from './DropdownMenu';
export type {
  DropdownMenuGroupProps,
  DropdownMenuItemProps,
  DropdownMenuLabelProps,
  DropdownMenuLinkItemProps,
  DropdownMenuProps,
  DropdownMenuRadioGroupProps,
  DropdownMenuRadioItemProps,
  DropdownMenuSeparatorProps,
} from './DropdownMenu';
export { EmptyState } from './EmptyState';
export type { EmptyStateProps } from './EmptyState';
export { ErrorState } from './ErrorState';
export type { ErrorStateProps } from './ErrorState';
export { IconButton } from './IconButton';
export type { IconButtonProps } from './IconButton';
export { Link } from './Link';
export type { LinkProps } from './Link';
export { PageHeader } from './PageHeader';
export type { PageHeaderProps } from './PageHeader';
export { ProgressBar } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
export { StatusPill, claimStatusLabels, claimStatusTones } from './StatusPill';
export type { ClaimStatus, StatusPillProps } from './StatusPill';
export { TextField } from './TextField';
export type { TextFieldProps } from './TextField';
export { ToastProvider, useToast } from './Toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastTone } from './Toast';
export { Tooltip } from './Tooltip';
export type { TooltipProps } from './Tooltip';
