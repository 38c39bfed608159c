// The only module that reads import.meta.env. Every value is optional with a safe default, so a
// bare `vite build` produces a working same-origin app.

function optionalUrl(name: string, value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return '';
  try {
    return new URL(trimmed).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${trimmed}"`);
  }
}

export const env = {
  appOrigin: optionalUrl('VITE_APP_ORIGIN', import.meta.env.VITE_APP_ORIGIN),
  appVersion: import.meta.env.VITE_APP_VERSION?.trim() || '1.0.0',
};

/**
 * Social sign-in buttons show only when the server has a client id and secret for the provider
 * (decisions.md, Identity). Until the gateway publishes that, both stay hidden.
 */
export const signInProviders = {
  google: false,
  apple: false,
} as const;
