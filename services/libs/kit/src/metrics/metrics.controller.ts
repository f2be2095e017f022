import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../http/public-route';
import { metricsRegistry } from './metrics';

@Public()
@Controller('metrics')
export class MetricsController {
  @Get()
  @Header('Content-Type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
