type NamedUser = { full_name?: string | null; email?: string | null };

/** Full name, else the local part of the email (the dashboard header). */
export function displayName(user: NamedUser | null | undefined): string {
  const name = user?.full_name?.trim();
  if (name) return name;
  const email = user?.email?.trim() ?? '';
  const local = email.split('@')[0] ?? '';
  return local || 'SnapTrack user';
}

/** One upper-case letter for the avatar. */
export function avatarInitial(user: NamedUser | null | undefined): string {
  const first = Array.from(displayName(user))[0] ?? 'S';
  return first.toLocaleUpperCase();
}
