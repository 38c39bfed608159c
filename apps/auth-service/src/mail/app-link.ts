/**
 * A link into the web app on the configured host (never one taken from a request). Pages of the
 * app route set get `app=true` unless the host is the app host (`app.*`): on the marketing host
 * the SPA shows the app's pages only with it (docs/api.md, Accounts).
 */
export function appLink(
  appUrl: string,
  path: string,
  params: Record<string, string>,
  options: { appRoute?: boolean } = {},
): string {
  const url = new URL(path, `${appUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  if (options.appRoute && !url.hostname.toLowerCase().startsWith('app.')) {
    url.searchParams.set('app', 'true');
  }
  return url.toString();
}
