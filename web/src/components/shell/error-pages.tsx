import { HomeIcon, RefreshCwIcon, TriangleAlertIcon } from "lucide-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { withHost } from "@/lib/links";

function errorDetails(error: unknown): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    // V8 stacks start with the same "Name: message" line; show it once.
    return error.stack?.includes(error.message) ? error.stack : [head, error.stack].filter(Boolean).join("\n\n");
  }
  return String(error);
}

/** Route failure page: 'An error has occurred.', Return home, Reload the page, details. */
export function RouteErrorPage({ error, homePath = "/" }: { error: unknown; homePath?: string }) {
  return (
    <div role="alert" className="mx-auto grid w-full max-w-2xl gap-5 px-4 py-12">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlertIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">An error has occurred.</h1>
          <p className="text-muted-foreground text-sm">
            Something went wrong while showing this page. Reloading usually fixes it; if it keeps happening, send us the
            details below.
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {/* A plain link: the app's state may be what failed, so start over from a fresh page. */}
        <Button asChild>
          <a href={withHost(homePath)}>
            <HomeIcon aria-hidden="true" />
            Return home
          </a>
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCwIcon aria-hidden="true" />
          Reload the page
        </Button>
      </div>
      <details className="rounded-lg border bg-card p-3 text-sm">
        <summary className="cursor-pointer font-medium">Details</summary>
        <pre className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap break-words font-mono text-muted-foreground text-xs">
          {errorDetails(error)}
        </pre>
      </details>
    </div>
  );
}

/** Generic boundary page: 'An error occurred' with Refresh Page. */
export function GenericErrorPage() {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <TriangleAlertIcon aria-hidden="true" className="size-8 text-destructive" />
      <h1 className="font-semibold text-2xl">An error occurred</h1>
      <Button onClick={() => window.location.reload()}>
        <RefreshCwIcon aria-hidden="true" />
        Refresh Page
      </Button>
    </div>
  );
}

type BoundaryProps = { children: ReactNode; fallback: (error: unknown) => ReactNode; resetKey?: string };
type BoundaryState = { error: unknown; failed: boolean; resetKey?: string };

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // Navigating elsewhere clears the error.
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, failed: false, error: null };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** Wraps route content: a failure shows the route error page; a navigation clears it. */
export function RouteErrorBoundary({
  children,
  resetKey,
  homePath,
}: {
  children: ReactNode;
  resetKey?: string;
  homePath?: string;
}) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(error) => <RouteErrorPage error={error} homePath={homePath} />}>
      {children}
    </ErrorBoundary>
  );
}

/** The outermost boundary: if even the shell fails. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => <GenericErrorPage />}>{children}</ErrorBoundary>;
}
