import { PERSONAL_ENTITY, UNASSIGNED_ENTITY } from '@snaptrack/contracts';

export function isPersonal(name: string): boolean {
  return name.toLowerCase() === PERSONAL_ENTITY.toLowerCase();
}

/** 'Unassigned' names the absence of an entity, so no entity may carry that name. */
export function isReservedEntityName(name: string): boolean {
  return name.toLowerCase() === UNASSIGNED_ENTITY.toLowerCase();
}

/** Personal first, then by name ignoring case. */
export function compareEntityNames(a: string, b: string): number {
  if (isPersonal(a) !== isPersonal(b)) return isPersonal(a) ? -1 : 1;
  return a.localeCompare(b, 'en', { sensitivity: 'base' });
}
