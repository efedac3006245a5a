import type { ComponentPropsWithRef, ReactNode } from 'react';
import { IconButton } from '../IconButton/IconButton';
import { cx } from '../internal/cx';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from '../internal/icons';
import styles from './Alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'danger';

export interface AlertProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  /** Meaning and colour of the message. */
  tone?: AlertTone;
  /** A short summary in bold. */
  title?: ReactNode;
  /** The message. */
  children?: ReactNode;
  /** Buttons or links under the message ("Retry", "Review claim"). */
  actions?: ReactNode;
  /** Shows a dismiss button that calls this. */
  onDismiss?: () => void;
  /** Accessible name of the dismiss button. */
  dismissLabel?: string;
  /**
   * Announce the message when it appears: `danger` alerts interrupt (`role="alert"`), the others
   * are polite (`role="status"`). Leave off for messages present when the page loads.
   */
  announce?: boolean;
  /** `inline` (a rounded box in the content) or `banner` (full-width strip at the top of a page). */
  layout?: 'inline' | 'banner';
}

const icons: Record<AlertTone, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckCircleIcon />,
  warning: <AlertIcon />,
  danger: <AlertIcon />,
};

/** A message about the state of the page or of an action: information, success, warning or error. */
export function Alert({
  tone = 'info',
  title,
  children,
  actions,
  onDismiss,
  dismissLabel = 'Dismiss',
  announce = false,
  layout = 'inline',
  className,
  ...rest
}: AlertProps) {
  const role = announce ? (tone === 'danger' ? 'alert' : 'status') : undefined;
  return (
    <div
      role={role}
      className={cx(styles.root, className)}
      data-tone={tone}
      data-layout={layout}
      {...rest}
    >
      <span className={styles.icon} aria-hidden="true">
        {icons[tone]}
      </span>
      <div className={styles.text}>
        {title && <p className={styles.title}>{title}</p>}
        {children && <div className={styles.body}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {onDismiss && (
        <IconButton
          className={styles.dismiss}
          size="sm"
          label={dismissLabel}
          icon={<CloseIcon />}
          onClick={onDismiss}
        />
      )}
    </div>
  );
}

export type BannerProps = Omit<AlertProps, 'layout'>;

/** A full-width Alert for page-level messages (a suspended partner, maintenance). */
export function Banner(props: BannerProps) {
  return <Alert {...props} layout="banner" />;
}
