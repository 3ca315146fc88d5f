import { readFileSync } from 'node:fs';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { Public } from '../common/auth/decorators';
import { FAVICON_PATH, SCRIPT_PATH, STYLESHEET_PATH } from './web.setup';

/** The stylesheet of the browser pages (no front-end build step). */
@Controller('assets')
export class AssetsController {
  private readonly stylesheet = readFileSync(STYLESHEET_PATH, 'utf-8');
  private readonly script = readFileSync(SCRIPT_PATH, 'utf-8');
  private readonly icon = readFileSync(FAVICON_PATH, 'utf-8');

  @Get('app.css')
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  stylesheetFile(): string {
    return this.stylesheet;
  }

  /** The console's few lines of script: live parts refresh by polling (CSP script-src 'self'). */
  @Get('console.js')
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  scriptFile(): string {
    return this.script;
  }

  /** The console's icon, linked from every page. */
  @Get('favicon.svg')
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=86400')
  favicon(): string {
    return this.icon;
  }
}

/** `/favicon.ico`, which browsers ask for whatever the page links: the same icon (issue 29). */
@Controller()
export class FaviconController {
  private readonly icon = readFileSync(FAVICON_PATH, 'utf-8');

  @Get('favicon.ico')
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=86400')
  favicon(): string {
    return this.icon;
  }
}
