export { Alert, Banner } from './Alert';
export type { AlertProps, AlertTone, BannerProps } from './Alert';
export { AppShell } from './AppShell';
export type { AppShellNavItem, AppShellProps } from './AppShell';
export { Badge } from './Badge';
export type { BadgeProps, BadgeTone } from './Badge';
export { Breadcrumbs } from './Breadcrumbs';
export type { BreadcrumbItem, BreadcrumbsProps } from './Breadcrumbs';
export { Button } from './Button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './Button';
export { Card } from './Card';
export type { CardProps } from './Card';
export { Checkbox } from './Checkbox';
export type { CheckboxProps, CheckedState } from './Checkbox';
export { Combobox } from './Combobox';
export type { ComboboxOption, ComboboxProps } from './Combobox';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { DataTable } from './DataTable';
export type { DataTableColumn, DataTableProps, DataTableSort, SortDirection } from './DataTable';
export { DatePicker } from './DatePicker';
export type { DatePickerProps } from './DatePicker';
export { DateRangePicker } from './DateRangePicker';
export type { DateRangePickerProps } from './DateRangePicker';
export { addDays, defaultDatePresets, rangeLength } from './DateRangePicker';
export type { DateRange, DateRangePreset } from './DateRangePicker';
export { DateTime } from './DateTime';
export type { DateTimeProps } from './DateTime';
export { formatDateTime, formatRelativeTime, toCalendarDate } from './DateTime';
export type { DateInput, DateTimeFormat, FormatDateTimeOptions } from './DateTime';
export { DescriptionList } from './DescriptionList';
export type { DescriptionListItem, DescriptionListProps } from './DescriptionList';
export { Dialog, DialogClose } from './Dialog';
export type { DialogCloseProps, DialogProps } from './Dialog';
export { Divider } from './Divider';
export type { DividerProps } from './Divider';
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
export { FileDropzone, formatBytes } from './FileDropzone';
export type { FileDropzoneItem, FileDropzoneProps, FileRejection } from './FileDropzone';
export { FilterBar } from './FilterBar';
export type { FilterBarProps } from './FilterBar';
export { FormField } from './FormField';
export type { FormFieldControlProps, FormFieldProps } from './FormField';
export { IconButton } from './IconButton';
export type { IconButtonProps } from './IconButton';
export { Link } from './Link';
export type { LinkProps } from './Link';
export { LinkButton } from './LinkButton';
export type { LinkButtonProps } from './LinkButton';
export { Money } from './Money';
export type { MoneyProps } from './Money';
export { formatMoney, majorToMinor, minorToMajor, parseMoney } from './Money';
export type { FormatMoneyOptions } from './Money';
export { MoneyField } from './MoneyField';
export type { MoneyFieldProps } from './MoneyField';
export { NumberField } from './NumberField';
export type { NumberFieldProps } from './NumberField';
export { PageHeader } from './PageHeader';
export type { PageHeaderProps } from './PageHeader';
export { Pagination } from './Pagination';
export type { PaginationProps } from './Pagination';
export { PartnerSwitcher } from './PartnerSwitcher';
export type { PartnerSwitcherPartner, PartnerSwitcherProps } from './PartnerSwitcher';
export { PasswordField, PasswordStrength } from './PasswordField';
export type { PasswordFieldProps, PasswordStrengthProps } from './PasswordField';
export { ProgressBar } from './ProgressBar';
export type { ProgressBarProps } from './ProgressBar';
export { RadioGroup } from './RadioGroup';
export type { RadioGroupProps, RadioOption } from './RadioGroup';
export { RouterLinkProvider } from './RouterLinkProvider';
export type {
  RouterLinkComponent,
  RouterLinkProps,
  RouterLinkProviderProps,
} from './RouterLinkProvider';
export { SearchField } from './SearchField';
export type { SearchFieldProps } from './SearchField';
export { Select } from './Select';
export type { SelectOption, SelectProps } from './Select';
export { Skeleton } from './Skeleton';
export type { SkeletonProps } from './Skeleton';
export { Spinner } from './Spinner';
export type { SpinnerProps } from './Spinner';
export { Inline, Stack } from './Stack';
export type { InlineProps, SpaceStep, StackProps } from './Stack';
export { Stat } from './Stat';
export type { StatDelta, StatProps } from './Stat';
export {
  StatusPill,
  claimStatusLabels,
  claimStatusTones,
  stockStateLabels,
  stockStateTones,
} from './StatusPill';
export type { ClaimStatus, StatusPillProps, StatusPillStatus, StockState } from './StatusPill';
export { Switch } from './Switch';
export type { SwitchProps } from './Switch';
export { TabNav } from './TabNav';
export type { TabNavItem, TabNavProps } from './TabNav';
export { Tab, TabList, TabPanel, Tabs } from './Tabs';
export type { TabListProps, TabPanelProps, TabProps, TabsProps } from './Tabs';
export { TextField } from './TextField';
export type { TextFieldProps } from './TextField';
export { Textarea } from './Textarea';
export type { TextareaProps } from './Textarea';
export { ThemeProvider, useTheme } from './ThemeProvider';
export type { ResolvedTheme, Theme, ThemeContextValue, ThemeProviderProps } from './ThemeProvider';
export { Timeline } from './Timeline';
export type { TimelineItem, TimelineProps } from './Timeline';
export { ToastProvider, useToast } from './Toast';
export type { ToastApi, ToastOptions, ToastProviderProps, ToastTone } from './Toast';
export { Tooltip } from './Tooltip';
export type { TooltipProps } from './Tooltip';
