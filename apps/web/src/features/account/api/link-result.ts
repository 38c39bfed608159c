import { api } from '@/lib/api-client';
import type { SignInMethod } from './get-sign-in-methods';

/** POST /api/auth/oidc/result: the outcome of a link the provider sent us back from. */
export function linkResult(code: string): Promise<{ kind: string; methods?: SignInMethod[] }> {
  return api.post('/auth/oidc/result', { code }, { auth: false });
}
