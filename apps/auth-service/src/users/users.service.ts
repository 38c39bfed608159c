import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import type { AccountAddressResponse, ProductUser } from '@snaptrack/contracts';
import { BusError } from '@snaptrack/nest-rmq';
import { UserEntity } from './user.entity.js';
import { toProductUser } from './user.mapper.js';
import { primaryAddressProven } from './address-proof.js';
import { type AuthConfig } from '../config/env.js';
import { AUTH_CONFIG } from '../tokens.js';

@Injectable()
export class UsersService {
  private readonly users: Repository<UserEntity>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {
    this.users = dataSource.getRepository(UserEntity);
  }

  async profile(userId: string): Promise<ProductUser> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new BusError('NOT_FOUND', 'User not found.');
    return toProductUser(user, {
      mailDomain: this.config.MAIL_DOMAIN,
      billingOff: this.config.BILLING === 'off',
    });
  }

  async address(userId: string): Promise<AccountAddressResponse> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new BusError('NOT_FOUND', 'User not found.');
    return {
      email: user.email,
      proven: await primaryAddressProven(this.dataSource.manager, userId),
    };
  }

  async authVersion(userId: string): Promise<number | null> {
    const user = await this.users.findOne({
      where: { id: userId },
      select: { id: true, authVersion: true },
    });
    return user?.authVersion ?? null;
  }
}
