import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

export class CreatorError extends ServiceError {
  static notFound(): CreatorError {
    return new CreatorError(ErrorCode.CreatorNotFound, 'Creator not found');
  }
}
