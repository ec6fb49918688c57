import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode } from 'react';

type Load<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * React.lazy for a part the page can do without (the toasts' host, the bell, the role switcher): when its file cannot
 * be fetched (a member on a train, a deploy that replaced the file), the part is left out instead of the failure
 * reaching a boundary that replaces the whole screen. It stays out until the next page load: Chromium keeps a failed
 * module download for the page's life, so asking again for the same file fails at once without a request (measured
 * in the browser file `polish`). Render it inside a Suspense, as a React.lazy part.
 */
export function optionalLazy<P extends object>(load: Load<P>): ComponentType<P> {
  const Part = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once, at the top of a module, as React.lazy is.
  function OptionalPart(props: P) {
    return (
      <LeaveOutOnError>
        <Part {...props} />
      </LeaveOutOnError>
    );
  }
  return OptionalPart;
}

class LeaveOutOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // An error, not a warning: a part that fails to render (not only to download) must not go unnoticed.
    console.error('An optional part was left out', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
