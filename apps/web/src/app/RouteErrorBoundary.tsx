import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './pages/RouteError';

interface State {
  failed: boolean;
  error: unknown;
}

class Boundary extends Component<{ resetKey: string; children: ReactNode }, State> {
  override state: State = { failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false, error: undefined });
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * A page that fails to render or to load its code (for example after a deploy) shows the error page in
 * place of the whole screen; opening another address (Back) tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
