import { readFileSync } from 'node:fs';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { Public } from '../common/auth/decorators';
import { FAVICON_PATH, SCRIPT_PATH, STYLESHEET_PATH } from './web.setup';

/** The stylesheet, script and icon of the browser pages (no front-end build step). */
@Controller()
export class AssetsController {
  private readonly stylesheet = readFileSync(STYLESHEET_PATH, 'utf-8');
  private readonly script = readFileSync(SCRIPT_PATH, 'utf-8');
  private readonly icon = readFileSync(FAVICON_PATH, 'utf-8');

  @Get('assets/app.css')
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'text/css; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  stylesheetFile(): string {
    return this.stylesheet;
  }

  /** The console's few lines of script: live parts refresh by polling (CSP script-src 'self'). */
  @Get('assets/console.js')
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  scriptFile(): string {
    return this.script;
  }

  /**
   * The console's icon, linked from every page; also `/favicon.ico`, which browsers ask for
   * whatever the page links.
   */
  @Get(['assets/favicon.svg', 'favicon.ico'])
  @Public()
  @ApiExcludeEndpoint()
  @Header('content-type', 'image/svg+xml')
  @Header('cache-control', 'public, max-age=86400')
  favicon(): string {
    return this.icon;
  }
}
