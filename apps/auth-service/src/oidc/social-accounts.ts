import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { OidcProviderNames, type OidcProviderId } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { uniqueViolation } from '@snaptrack/nest-database';
import { ActionCodeEntity, type ActionPurpose } from '../codes/action-code.entity.js';
import { createAccount, markPrimaryVerified, normalizeEmail } from '../users/accounts.js';
import { primaryAddressProven } from '../users/address-proof.js';
import { UserEntity } from '../users/user.entity.js';
import { IdentityEntity } from './identity.entity.js';

/** What a verified id token says about the person. */
export interface SocialProfile {
  provider: OidcProviderId;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  fullName: string | null;
}

export function profileFromClaims(
  provider: OidcProviderId,
  claims: Record<string, unknown>,
  fullName?: string | null,
): SocialProfile {
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : null;
  const name = typeof claims.name === 'string' ? claims.name : null;
  return {
    provider,
    subject: String(claims.sub),
    email,
    // Apple sends the flag as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    fullName: fullName ?? name,
  };
}

/** Finds, creates and links accounts for Google and Apple identities. */
@Injectable()
export class SocialAccounts {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Sign-in: the linked account; else the account with the same verified address (linked now,
   * taken over if that account never proved the address); else a new account (which then goes
   * to /signup, having no subscription).
   */
  async signIn(profile: SocialProfile, requestId: string, attempt = 0): Promise<string> {
    const name = OidcProviderNames[profile.provider];
    try {
      return await this.dataSource.transaction(async (manager) => {
        const linked = await manager.findOneBy(IdentityEntity, {
          provider: profile.provider,
          subject: profile.subject,
        });
        if (linked) {
          if (profile.email && linked.email !== profile.email) {
            await manager.update(IdentityEntity, linked.id, { email: profile.email });
          }
          return linked.userId;
        }
        if (!profile.email) {
          throw new BusError(
            'SOCIAL_SIGN_IN_FAILED',
            `Your ${name} account did not share an email address, so no account could be found or created.`,
          );
        }
        const existing = await manager.findOneBy(UserEntity, { email: profile.email });
        if (existing && !profile.emailVerified) {
          throw new BusError(
            'SOCIAL_SIGN_IN_FAILED',
            `An account with this email already exists. Sign in with your password, then link ${name} in account settings.`,
          );
        }
        if (existing && !(await primaryAddressProven(manager, existing.id))) {
          await this.claimUnproven(manager, existing.id);
        }
        const user =
          existing ??
          (await createAccount(manager, {
            email: profile.email,
            fullName: profile.fullName,
            emailVerified: profile.emailVerified,
            requestId,
          }));
        await this.insertIdentity(manager, user.id, profile);
        return user.id;
      });
    } catch (error) {
      // Two first sign-ins of one person at once: the second finds what the first created.
      if (uniqueViolation(error) && attempt === 0) return this.signIn(profile, requestId, 1);
      throw error;
    }
  }

  /**
   * Links a provider to a signed-in account when the provider vouches for the account's own
   * address (`email_verified`); refusals name the provider (gateway error-mapping.ts). A link
   * made while the account's address is unproven lasts only until the address is proven
   * (`markPrimaryVerified` drops it).
   */
  async link(userId: string, profile: SocialProfile): Promise<void> {
    const name = OidcProviderNames[profile.provider];
    try {
      await this.dataSource.transaction(async (manager) => {
        const user = await manager.findOneBy(UserEntity, { id: userId });
        if (!user) throw new BusError('UNAUTHENTICATED', 'No authenticated user');
        const mine = await manager.findOneBy(IdentityEntity, {
          userId,
          provider: profile.provider,
        });
        if (mine) throw alreadyLinked(name);
        const taken = await manager.findOneBy(IdentityEntity, {
          provider: profile.provider,
          subject: profile.subject,
        });
        if (taken) throw credentialInUse(name);
        if (profile.email !== user.email) {
          throw new BusError(
            'EMAIL_MISMATCH',
            `The ${name} account's email (${profile.email ?? 'none'}) does not match your account email (${user.email}).`,
          );
        }
        // The provider must vouch for the address, or anyone could link an account that
        // merely claims it.
        if (!profile.emailVerified) {
          throw new BusError(
            'SOCIAL_SIGN_IN_FAILED',
            `Your ${name} account's email (${profile.email}) is not verified by ${name}. Verify it there, then try again.`,
          );
        }
        await this.insertIdentity(manager, userId, profile);
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'identities_user_provider_key') throw alreadyLinked(name);
      if (constraint === 'identities_provider_subject_key') throw credentialInUse(name);
      throw error;
    }
  }

  /**
   * An account whose address was never proven (a checkout made it; its setup link is unused)
   * is not linked as it is: whoever holds it proved nothing. The provider has just proven the
   * address, so its owner takes the account over and the unproven holder loses it: any
   * password and outstanding setup/reset links go, and every session ends (auth_version).
   */
  private async claimUnproven(manager: EntityManager, userId: string): Promise<void> {
    await manager.update(UserEntity, userId, { passwordHash: null });
    await manager.increment(UserEntity, { id: userId }, 'authVersion', 1);
    await manager.update(
      ActionCodeEntity,
      {
        userId,
        purpose: In(['password_setup', 'password_reset'] as ActionPurpose[]),
        usedAt: IsNull(),
        revokedAt: IsNull(),
      },
      { revokedAt: new Date() },
    );
    await markPrimaryVerified(manager, userId);
  }

  async isLinked(userId: string, provider: OidcProviderId): Promise<boolean> {
    return this.dataSource.getRepository(IdentityEntity).existsBy({ userId, provider });
  }

  private async insertIdentity(manager: EntityManager, userId: string, profile: SocialProfile) {
    await manager.insert(IdentityEntity, {
      id: randomUUID(),
      userId,
      provider: profile.provider,
      subject: profile.subject,
      email: profile.email,
      createdAt: new Date(),
    });
  }
}

export function alreadyLinked(name: string): BusError {
  return new BusError(
    'PROVIDER_ALREADY_LINKED',
    `Your account is already linked to ${name} sign-in!`,
  );
}

function credentialInUse(name: string): BusError {
  return new BusError(
    'CREDENTIAL_ALREADY_IN_USE',
    `This ${name} account is already linked to another SnapTrack account.`,
  );
}
