import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ComponentPropsWithRef, ReactElement, ReactNode } from 'react';
import { cx } from '../internal/cx';
import styles from './Tooltip.module.css';

export interface TooltipProps extends Omit<
  ComponentPropsWithRef<typeof RadixTooltip.Content>,
  'content' | 'children'
> {
  /** The text of the tooltip. Supplementary only: never put essential information or controls in it. */
  content: ReactNode;
  /** The trigger: a single focusable element (a button or link) that receives the tooltip's description. */
  children: ReactElement;
  /** Where the tooltip appears relative to the trigger. */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Milliseconds of hover before it opens. */
  delayDuration?: number;
  /** Controlled open state (mostly for documentation and tests). */
  open?: boolean;
  /** Initial open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the tooltip opens or closes. */
  onOpenChange?: (open: boolean) => void;
}

/** A short label shown on hover and keyboard focus of its trigger; Escape dismisses it. */
export function Tooltip({
  content,
  children,
  side = 'top',
  delayDuration = 400,
  open,
  defaultOpen,
  onOpenChange,
  className,
  ...rest
}: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayDuration}>
      <RadixTooltip.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className={cx(styles.content, className)}
            {...rest}
          >
            {content}
            <RadixTooltip.Arrow className={styles.arrow} width={10} height={5} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
