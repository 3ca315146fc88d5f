import { Module } from '@nestjs/common';
import { AssetsController } from './assets.controller';
import { BrowserSessionsRepository } from './browser-sessions.repository';
import { HtmlExceptionFilter } from './html-exception.filter';
import { PageInterceptor } from './page.interceptor';
import { PageRenderer } from './page-renderer';
import { SessionGuard } from './session.guard';
import { RootController } from './root.controller';
import { SessionService } from './session.service';
import { SignInController } from './sign-in.controller';
import { SignInService } from './sign-in.service';
import { WEB_SECRET } from './web-secret';
import { ConfigService } from '@nestjs/config';
import { APP_CONFIG_KEY, AppConfig } from '../config/app-config';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { UsersModule } from '../users/users.module';

/** Browser pages infrastructure: session sign-in, CSRF, flash messages, layout and stylesheet. */
@Module({
  imports: [RateLimitModule, UsersModule],
  controllers: [SignInController, AssetsController, RootController],
  providers: [
    {
      provide: WEB_SECRET,
      inject: [ConfigService],
      useFactory: (config: ConfigService) =>
        config.getOrThrow<AppConfig>(APP_CONFIG_KEY).sessionSecret,
    },
    BrowserSessionsRepository,
    SessionService,
    SignInService,
    SessionGuard,
    PageRenderer,
    PageInterceptor,
    HtmlExceptionFilter,
  ],
  exports: [SessionService, SessionGuard, PageRenderer, PageInterceptor, HtmlExceptionFilter],
})
export class WebModule {}
