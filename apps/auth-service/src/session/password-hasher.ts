import argon2 from 'argon2';

/** OWASP's argon2id profile: 19 MiB, 2 iterations, 1 lane. */
const PARAMS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PARAMS);
}

// A real hash of a random string: unknown emails verify against it, so that they cost the
// same time as a wrong password and the answer reveals nothing.
const decoy = hashPassword(`decoy-${Math.random()}`);

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  try {
    if (!hash) {
      await argon2.verify(await decoy, password);
      return false;
    }
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash uses weaker parameters than today's and should be redone. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, PARAMS);
}
