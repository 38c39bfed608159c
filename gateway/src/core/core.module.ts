import { Global, Module, type DynamicModule } from '@nestjs/common';
import { objectStorageProvider, OBJECT_STORAGE } from '@snaptrack/nest-config';
import { BusClient } from '@snaptrack/nest-rmq';
import { type GatewayConfig } from '../config/env.js';
import { TokenVerifier } from '../common/token-verifier.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/**
 * What every resource module needs: config, the bus client, the token verifier and the object
 * storage (receipt uploads and images, finished PDFs).
 */
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
        objectStorageProvider(GATEWAY_CONFIG),
      ],
      exports: [GATEWAY_CONFIG, BusClient, TokenVerifier, OBJECT_STORAGE],
    };
  }
}
