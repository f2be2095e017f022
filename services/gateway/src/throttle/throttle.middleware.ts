import { Injectable, NestMiddleware } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import type { NextFunction, Request, Response } from 'express';
import { clientOrigin } from '../security/client-origin';
import { ThrottleService, type ThrottleName } from './throttle.service';

/** Base of the two throttles; @Injectable so its constructor's dependency metadata is emitted. */
@Injectable()
abstract class ThrottleMiddleware implements NestMiddleware {
  protected abstract readonly throttle: ThrottleName;

  constructor(private readonly throttles: ThrottleService) {}

  use(request: Request, response: Response, next: NextFunction): void {
    this.throttles.consume(this.throttle, clientOrigin(request).ip).then(
      () => next(),
      (error: unknown) => {
        const retryAfter =
          error instanceof ServiceError
            ? (error.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds
            : undefined;
        if (retryAfter) response.setHeader('Retry-After', String(retryAfter));
        next(error);
      },
    );
  }
}

/** THROTTLE_PER_MINUTE: every API route together, per client address. */
@Injectable()
export class ApiThrottleMiddleware extends ThrottleMiddleware {
  protected readonly throttle = 'api';
}

/** GUEST_CREATIONS_PER_MINUTE: new guests per client address. */
@Injectable()
export class GuestCreationThrottleMiddleware extends ThrottleMiddleware {
  protected readonly throttle = 'guest-creation';
}
