import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createServiceDataSource, type ServiceDataSourceOptions } from './create-data-source.js';

@Injectable()
class DataSourceCloser implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Runs after the message server drained, so no handler loses its connection mid-work.
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** Provides the service's initialised DataSource to the whole app, closed on shutdown. */
@Module({})
export class DatabaseModule {
  static forService(options: ServiceDataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: async () => createServiceDataSource(options).initialize(),
        },
        DataSourceCloser,
      ],
      exports: [DataSource],
    };
  }
}
