import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { systemPing, type PingResponse, type ServiceName } from '@snaptrack/contracts';
import { BusClient } from '@snaptrack/nest-rmq';
import { currentRequestId } from '@snaptrack/nest-logging';
import { Public } from '../common/public.decorator.js';
import { type GatewayConfig } from '../config/env.js';
import { GATEWAY_CONFIG } from '../tokens.js';

type Status = 'up' | 'down';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(BusClient) private readonly bus: BusClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Liveness: the process answers. */
  @Get()
  live() {
    return { status: 'ok' };
  }

  /** Readiness: RabbitMQ reachable, every service answering a ping with its database up. */
  @Get('ready')
  async ready(@Res() res: Response): Promise<void> {
    const pings = await Promise.all(
      this.config.READY_SERVICES.map((service) => this.ping(service)),
    );
    const services = Object.fromEntries(pings.map((p) => [p.service, p.status])) as Record<
      ServiceName,
      Status
    >;
    const rabbitmq: Status =
      pings.some((p) => p.status === 'up') || pings.length === 0 ? 'up' : 'down';
    const postgres: Status =
      pings.length > 0 && pings.every((p) => p.database === 'up') ? 'up' : 'down';
    const ok = rabbitmq === 'up' && postgres === 'up' && pings.every((p) => p.status === 'up');
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? 'ok' : 'down', checks: { rabbitmq, postgres, services } });
  }

  private async ping(
    service: ServiceName,
  ): Promise<{ service: ServiceName; status: Status; database: Status }> {
    try {
      const answer: PingResponse = await this.bus.send(
        systemPing(service) as `${ServiceName}.system.ping.v1`,
        {},
        { requestId: currentRequestId() ?? 'health' },
        Math.min(this.config.RPC_TIMEOUT_MS, 3_000),
      );
      return {
        service,
        status: answer.database === 'up' ? 'up' : 'down',
        database: answer.database,
      };
    } catch {
      return { service, status: 'down', database: 'down' };
    }
  }
}
