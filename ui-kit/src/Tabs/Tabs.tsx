import * as RadixTabs from '@radix-ui/react-tabs';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../internal/cx';
import styles from './Tabs.module.css';

export interface TabsProps extends ComponentPropsWithRef<typeof RadixTabs.Root> {
  /** The selected tab (controlled). */
  value?: string;
  /** The initially selected tab (uncontrolled). */
  defaultValue?: string;
  /** Called with the newly selected tab's value. */
  onValueChange?: (value: string) => void;
  /** `automatic`: arrow keys select; `manual`: arrows move focus, Enter/Space select. */
  activationMode?: 'automatic' | 'manual';
  /** A TabList followed by TabPanels. */
  children: ReactNode;
}

/** Switches between views of the same subject (e.g. a chart and its table). Built on Radix Tabs. */
export function Tabs({ className, ...rest }: TabsProps) {
  return <RadixTabs.Root className={cx(styles.root, className)} {...rest} />;
}

export interface TabListProps extends ComponentPropsWithRef<typeof RadixTabs.List> {
  /** Accessible name of the tab list, e.g. "Chart view". */
  'aria-label'?: string;
}

/** The row of tabs. Arrow keys move between tabs, Home/End jump to the ends. */
export function TabList({ className, ...rest }: TabListProps) {
  return <RadixTabs.List className={cx(styles.list, className)} {...rest} />;
}

export interface TabProps extends ComponentPropsWithRef<typeof RadixTabs.Trigger> {
  /** Identifies the tab and its panel. */
  value: string;
  /** The tab's label. */
  children: ReactNode;
}

/** One tab. */
export function Tab({ className, ...rest }: TabProps) {
  return <RadixTabs.Trigger className={cx(styles.tab, className)} {...rest} />;
}

export interface TabPanelProps extends ComponentPropsWithRef<typeof RadixTabs.Content> {
  /** The value of the tab that shows this panel. */
  value: string;
}

/** The content shown while its tab is selected. */
export function TabPanel({ className, ...rest }: TabPanelProps) {
  return <RadixTabs.Content className={cx(styles.panel, className)} {...rest} />;
}
