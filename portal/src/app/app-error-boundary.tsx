import { Component, type ReactNode } from 'react';

import { ApplicationErrorPage } from './error-page';

interface AppErrorBoundaryProps {
  children: ReactNode;
}

interface AppErrorBoundaryState {
  error: { value: unknown } | null;
}

/**
 * The last line of defence around the router: anything that escapes react-router's own error
 * boundaries (a provider, the router itself) ends on the application error page, which logs it.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    // Boxed, because `throw null` or `throw undefined` must still count as an error.
    return { error: { value: error } };
  }

  override render(): ReactNode {
    const { error } = this.state;
    return error ? <ApplicationErrorPage error={error.value} /> : this.props.children;
  }
}
