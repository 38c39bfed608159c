// The entity a user uploaded under last, per account on this device: the upload card starts
// there (a receipt shared to the app uploads without a question when one is remembered).

const key = (userId: string) => `snaptrack_last_entity:${userId}`;

export function lastEntity(userId: string | null | undefined): string {
  if (!userId) return '';
  try {
    return localStorage.getItem(key(userId)) ?? '';
  } catch {
    return '';
  }
}

export function rememberEntity(userId: string | null | undefined, entity: string): void {
  if (!userId) return;
  try {
    if (entity) localStorage.setItem(key(userId), entity);
  } catch {
    // Storage disabled: the card simply asks again next time.
  }
}
