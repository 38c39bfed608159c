/** A link into the web app on the configured host (never one taken from a request). */
export function appLink(appUrl: string, path: string, params: Record<string, string>): string {
  const url = new URL(path, `${appUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
