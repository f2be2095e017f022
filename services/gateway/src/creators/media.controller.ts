import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ServiceClient } from '@backtalk/kit';
import { Subjects } from '@backtalk/proto';
import type { Response } from 'express';
import { Public } from '../auth/auth.guard';
import { MediaParams } from './creators.dto';

/** Post covers and creators' avatars from ingestion's object storage (only `tiktok-data/`; public, like the posts). */
@ApiTags('creators')
@Public()
@Controller('api/media')
export class MediaController {
  constructor(private readonly client: ServiceClient) {}

  @Get('tiktok-data/:creatorId/:awemeId/:file')
  @ApiProduces('image/*')
  @ApiOkResponse({ description: 'the stored file' })
  async get(@Param() params: MediaParams, @Res() response: Response): Promise<void> {
    const { contentType, base64 } = await this.client.request(Subjects.IngestionMediaGet, {
      key: `tiktok-data/${params.creatorId}/${params.awemeId}/${params.file}`,
    });
    response.setHeader('Content-Type', contentType);
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (contentType === 'image/svg+xml')
      response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.send(Buffer.from(base64, 'base64'));
  }
}
