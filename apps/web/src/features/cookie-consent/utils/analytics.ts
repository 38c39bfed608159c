/**
 * The one door to analytics and error tracking: called only after consent was accepted.
 * SnapTrack ships no third-party analytics; this marks the page so a deployment that adds a
 * provider starts it here, and only here.
 */
export function startAnalytics(): void {
  if (document.documentElement.dataset.analytics === 'on') return;
  document.documentElement.dataset.analytics = 'on';
  window.dispatchEvent(new CustomEvent('snaptrack:analytics-consented'));
}
