import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, LessThan, type EntityManager } from 'typeorm';
import { ActionCodeEntity, type ActionPurpose, type CodePayload } from './action-code.entity.js';
import { codeState, hashCode, looksLikeCode, newCode, type CodeState } from './code-state.js';
import { CLOCK, type Clock } from '../tokens.js';

export interface IssueOptions {
  purpose: ActionPurpose;
  userId: string | null;
  ttlMs: number;
  payload?: CodePayload;
  idempotencyKey?: string;
  /** Revoke the user's earlier open codes of this purpose (a newer link replaces the old). */
  replacePrevious?: boolean;
}

export interface Looked {
  state: CodeState;
  row: ActionCodeEntity | null;
}

/** Issues, checks and consumes one-time codes; the raw code is returned once, never stored. */
@Injectable()
export class ActionCodes {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async issue(manager: EntityManager, options: IssueOptions): Promise<string> {
    const now = this.clock.now();
    if (options.replacePrevious && options.userId) {
      await this.revokeOpen(manager, options.userId, [options.purpose]);
    }
    const { code, hash } = newCode();
    const row = manager.create(ActionCodeEntity, {
      id: randomUUID(),
      purpose: options.purpose,
      codeHash: hash,
      userId: options.userId,
      payload: options.payload ?? {},
      idempotencyKey: options.idempotencyKey ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + options.ttlMs),
      usedAt: null,
      revokedAt: null,
    });
    await manager.insert(ActionCodeEntity, row);
    return code;
  }

  /** Looks a code up without using it. */
  async look(purpose: ActionPurpose, code: string, manager?: EntityManager): Promise<Looked> {
    if (!looksLikeCode(code)) return { state: 'unknown', row: null };
    const repository = (manager ?? this.dataSource.manager).getRepository(ActionCodeEntity);
    const row = await repository.findOneBy({ purpose, codeHash: hashCode(code) });
    return { state: codeState(row, this.clock.now()), row };
  }

  /**
   * Marks a valid code used inside the caller's transaction. The conditional update is the
   * lock: of two concurrent uses exactly one gets the row back.
   */
  async consume(manager: EntityManager, purpose: ActionPurpose, code: string): Promise<Looked> {
    const looked = await this.look(purpose, code, manager);
    if (looked.state !== 'valid' || !looked.row) return looked;
    const now = this.clock.now();
    const result = await manager
      .createQueryBuilder()
      .update(ActionCodeEntity)
      .set({ usedAt: now })
      .where({ id: looked.row.id, usedAt: IsNull(), revokedAt: IsNull() })
      .andWhere('expires_at > :now', { now })
      .execute();
    if (result.affected !== 1) return { state: 'used', row: looked.row };
    return { state: 'valid', row: { ...looked.row, usedAt: now } };
  }

  /** Revokes every open code of these purposes (a password change ends outstanding links). */
  async revokeOpen(manager: EntityManager, userId: string, purposes: ActionPurpose[]) {
    await manager.update(
      ActionCodeEntity,
      { userId, purpose: In(purposes), usedAt: IsNull(), revokedAt: IsNull() },
      { revokedAt: this.clock.now() },
    );
  }

  async findByIdempotencyKey(purpose: ActionPurpose, key: string) {
    return this.dataSource.getRepository(ActionCodeEntity).findOneBy({
      purpose,
      idempotencyKey: key,
    });
  }

  /** Removes codes that expired more than a day ago (they only told "expired" apart). */
  async sweep(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - 86_400_000);
    const result = await this.dataSource
      .getRepository(ActionCodeEntity)
      .delete({ expiresAt: LessThan(cutoff) });
    return result.affected ?? 0;
  }
}
