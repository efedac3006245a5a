import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentPropsWithRef, ReactElement, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { CheckIcon } from '../internal/icons';
import { AppLink } from '../RouterLinkProvider/RouterLinkProvider';
import styles from './DropdownMenu.module.css';

export interface DropdownMenuProps extends Omit<
  ComponentPropsWithRef<typeof RadixMenu.Content>,
  'children'
> {
  /** The button that opens the menu; it gets `aria-haspopup` and `aria-expanded`. */
  trigger: ReactElement;
  /** The items: DropdownMenuItem, DropdownMenuLinkItem, DropdownMenuRadioGroup, separators, labels. */
  children: ReactNode;
  /** Alignment of the menu with its trigger. */
  align?: 'start' | 'center' | 'end';
  /** Side of the trigger the menu opens on. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Controlled open state. */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /**
   * Makes the rest of the page inert and locks scrolling while open (Radix `modal`). Off by default:
   * the scroll lock injects a <style> element that a strict Content Security Policy refuses, and a
   * menu closes on any outside click anyway.
   */
  modal?: boolean;
}

/**
 * A menu of actions or links opened from a button. Arrow keys move, Enter/Space select, typing
 * jumps to an item, Escape closes and returns focus to the trigger. Built on Radix DropdownMenu.
 */
export function DropdownMenu({
  trigger,
  children,
  align = 'start',
  side = 'bottom',
  open,
  defaultOpen,
  onOpenChange,
  modal = false,
  className,
  ...rest
}: DropdownMenuProps) {
  return (
    <RadixMenu.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={modal}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          side={side}
          sideOffset={4}
          collisionPadding={8}
          className={cx(styles.content, className)}
          {...rest}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

export interface DropdownMenuItemProps extends Omit<
  ComponentPropsWithRef<typeof RadixMenu.Item>,
  'asChild'
> {
  /** A decorative icon before the label. */
  icon?: ReactNode;
  /** A second, muted line under the label. */
  description?: ReactNode;
  /** `danger` for destructive actions. */
  tone?: 'default' | 'danger';
  /** Called when the item is chosen with pointer or keyboard; the menu then closes. */
  onSelect?: (event: Event) => void;
}

/** An action in a DropdownMenu. */
export function DropdownMenuItem({
  icon,
  description,
  tone = 'default',
  className,
  children,
  ...rest
}: DropdownMenuItemProps) {
  return (
    <RadixMenu.Item className={cx(styles.item, className)} data-tone={tone} {...rest}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <span>
        {children}
        {description && <span className={styles.description}>{description}</span>}
      </span>
    </RadixMenu.Item>
  );
}

export interface DropdownMenuLinkItemProps {
  /** Destination of the link. */
  href: string;
  /** A decorative icon before the label. */
  icon?: ReactNode;
  /** The label. */
  children: ReactNode;
  /** Makes the item unavailable. */
  disabled?: boolean;
  /** Extra class name. */
  className?: string;
}

/** A navigation entry in a DropdownMenu, rendered as a real link (open in new tab, copy link work). */
export function DropdownMenuLinkItem({
  href,
  icon,
  children,
  disabled,
  className,
}: DropdownMenuLinkItemProps) {
  return (
    <RadixMenu.Item asChild disabled={disabled}>
      <AppLink href={href} className={cx(styles.item, className)}>
        {icon && (
          <span className={styles.icon} aria-hidden="true">
            {icon}
          </span>
        )}
        {children}
      </AppLink>
    </RadixMenu.Item>
  );
}

export type DropdownMenuRadioGroupProps = ComponentPropsWithRef<typeof RadixMenu.RadioGroup>;

/** A set of mutually exclusive choices in a menu (e.g. the current partner). */
export const DropdownMenuRadioGroup = RadixMenu.RadioGroup;

export interface DropdownMenuRadioItemProps extends Omit<
  ComponentPropsWithRef<typeof RadixMenu.RadioItem>,
  'asChild'
> {
  /** A second, muted line under the label. */
  description?: ReactNode;
}

/** One choice in a DropdownMenuRadioGroup, checked when its value is the group's value. */
export function DropdownMenuRadioItem({
  description,
  className,
  children,
  ...rest
}: DropdownMenuRadioItemProps) {
  return (
    <RadixMenu.RadioItem className={cx(styles.item, className)} {...rest}>
      <span className={styles.indicator} aria-hidden="true">
        <RadixMenu.ItemIndicator>
          <CheckIcon />
        </RadixMenu.ItemIndicator>
      </span>
      <span>
        {children}
        {description && <span className={styles.description}>{description}</span>}
      </span>
    </RadixMenu.RadioItem>
  );
}

export type DropdownMenuLabelProps = ComponentPropsWithRef<typeof RadixMenu.Label>;

/** A non-interactive heading for a group of items. */
export function DropdownMenuLabel({ className, ...rest }: DropdownMenuLabelProps) {
  return <RadixMenu.Label className={cx(styles.label, className)} {...rest} />;
}

export type DropdownMenuSeparatorProps = ComponentPropsWithRef<typeof RadixMenu.Separator>;

/** A line between groups of items. */
export function DropdownMenuSeparator({ className, ...rest }: DropdownMenuSeparatorProps) {
  return <RadixMenu.Separator className={cx(styles.separator, className)} {...rest} />;
}

export type DropdownMenuGroupProps = ComponentPropsWithRef<typeof RadixMenu.Group>;

/** Groups related items (pair it with a DropdownMenuLabel). */
export const DropdownMenuGroup = RadixMenu.Group;
