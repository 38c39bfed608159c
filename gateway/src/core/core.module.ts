import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BusClient } from '@snaptrack/nest-rmq';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.js';
import { TokenVerifier } from '../common/token-verifier.js';

/** What every resource module needs: config, the bus client and the token verifier. */
@Global()
@Module({})
export class CoreModule {
  static register(config: GatewayConfig, bus: BusClient): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: BusClient, useValue: bus },
        TokenVerifier,
      ],
      exports: [GATEWAY_CONFIG, BusClient, TokenVerifier],
    };
  }
}
