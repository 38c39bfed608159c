import { Component, type ErrorInfo, type ReactNode } from 'react';

export type FallbackProps = { error: unknown; reset: () => void };

type ErrorBoundaryProps = {
  children: ReactNode;
  fallback: (props: FallbackProps) => ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
};

type ErrorBoundaryState = { error: unknown; failed: boolean };

/** Catches render errors below it and shows `fallback` instead; `reset` tries again. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.onError) this.props.onError(error, info);
    else console.error('Unhandled UI error', error, info.componentStack);
  }

  reset = (): void => {
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed)
      return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
