import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';

/** The global error screen: what the root error boundary shows when a page cannot render. */
export function MainErrorFallback() {
  return (
    <main className="error-screen" role="alert">
      <div className="error-screen__card">
        <span className="error-screen__icon">
          <AlertIcon width={28} height={28} />
        </span>
        <h1>Something went wrong</h1>
        <p>Please check your internet connection and try again.</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
      </div>
    </main>
  );
}
