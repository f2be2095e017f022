import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/auth.guard';
import { PlatformHealthService } from './platform-health.service';

@Public()
@Controller('api/health')
export class PlatformHealthController {
  constructor(private readonly health: PlatformHealthService) {}

  /** 200 when every service answers; 503 naming the ones that do not. */
  @Get()
  async check(@Res() response: Response): Promise<void> {
    const health = await this.health.check();
    if (health.status === 'ok') {
      response.status(200).json(health);
      return;
    }
    response.status(503).json({
      ...health,
      code: 'SERVICE_UNAVAILABLE',
      message: `Unavailable: ${health.down.join(', ')}`,
    });
  }
}
