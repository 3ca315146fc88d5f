import { DynamicModule, Module } from '@nestjs/common';
import { DestinationStream } from 'pino';
import { AppLogger } from './app-logger';
import { APP_LOG, createLog } from './logger-options';

/** The application's pino logger (APP_LOG) and Nest's logger over it (AppLogger). */
@Module({})
export class LoggingModule {
  static forRoot(level: string, destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      providers: [{ provide: APP_LOG, useValue: createLog(level, destination) }, AppLogger],
      exports: [APP_LOG, AppLogger],
    };
  }
}
