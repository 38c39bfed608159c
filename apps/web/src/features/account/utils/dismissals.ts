// The verification banner's dismissal, remembered per email in this browser only.
const PREFIX = 'snaptrack_verify_banner_dismissed:';

export function isBannerDismissed(email: string): boolean {
  try {
    return localStorage.getItem(PREFIX + email.toLowerCase()) === 'true';
  } catch {
    return false;
  }
}

export function dismissBanner(email: string): void {
  try {
    localStorage.setItem(PREFIX + email.toLowerCase(), 'true');
  } catch {
    // Storage off: the banner comes back next time, which is harmless.
  }
}
