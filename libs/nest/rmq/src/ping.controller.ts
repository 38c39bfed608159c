import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { systemPing, type PingResponse, type ServiceName } from '@snaptrack/contracts';
import { isDatabaseUp } from '@snaptrack/nest-database';

/** The `<service>.system.ping.v1` handler every service mounts; the gateway's readiness asks it. */
export function createPingController(service: ServiceName): Type<unknown> {
  @Controller()
  class PingController {
    constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

    @MessagePattern(systemPing(service))
    async ping(): Promise<PingResponse> {
      const database = (await isDatabaseUp(this.dataSource)) ? 'up' : 'down';
      return { service, database, uptimeSeconds: Math.round(process.uptime()) };
    }
  }
  return PingController;
}
