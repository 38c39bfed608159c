export interface ReturnUrlRules {
  appUrl: string;
  extraOrigins: readonly string[];
  deepLinkScheme: string;
}

/**
 * A return_url is followed after payment, so only our own web origins and the mobile app's
 * deep-link scheme are allowed: anything else would make checkout an open redirect.
 */
export function isAllowedReturnUrl(raw: string, rules: ReturnUrlRules): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol === `${rules.deepLinkScheme}:`) return true;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return webOrigins(rules).includes(url.origin);
}

/** Web origins only: the portal returns to a page of ours, never into the app. */
export function isAllowedWebUrl(raw: string, rules: ReturnUrlRules): boolean {
  return isAllowedReturnUrl(raw, rules) && !raw.startsWith(`${rules.deepLinkScheme}:`);
}

function webOrigins(rules: ReturnUrlRules): string[] {
  return [rules.appUrl, ...rules.extraOrigins].flatMap((value) => {
    try {
      return [new URL(value).origin];
    } catch {
      return [];
    }
  });
}

export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
