import type { z } from 'zod';

/** Words of the placeholders in our examples and in every tutorial: never a real secret. */
const PLACEHOLDER_WORDS =
  /change[-_ ]?(it|me|this)|replace[-_ ]?me|placeholder|example|your[-_ ]?(jwt[-_ ]?)?secret|secret|password|dummy|insecure|default/i;
/** Fewer distinct characters than this is a pattern, not 256 random bits. */
const MIN_DISTINCT_CHARACTERS = 12;

/** Why a JWT secret must not sign production tokens, or undefined when it may. */
export function weakJwtSecretReason(secret: string): string | undefined {
  if (PLACEHOLDER_WORDS.test(secret)) {
    return 'is a placeholder (generate one: openssl rand -hex 32)';
  }
  if (new Set(secret).size < MIN_DISTINCT_CHARACTERS) {
    return 'repeats too few characters to be random (generate one: openssl rand -hex 32)';
  }
  return undefined;
}

/**
 * For a config schema's superRefine: in production a placeholder or patterned JWT_SECRET stops
 * the boot (exit 78 through loadConfigOrExit), since anyone who reads the example can sign
 * tokens with it. Length is checked everywhere by `jwtSecret`.
 */
export function refuseWeakJwtSecretInProduction(
  env: { NODE_ENV: string; JWT_SECRET: string },
  context: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  const reason = weakJwtSecretReason(env.JWT_SECRET);
  if (reason) context.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: reason });
}
