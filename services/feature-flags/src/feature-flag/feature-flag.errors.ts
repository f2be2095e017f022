import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

export class FeatureFlagError extends ServiceError {
  static notFound(): FeatureFlagError {
    return new FeatureFlagError(ErrorCode.NotFound, 'Feature flag not found');
  }

  static notAdmin(): FeatureFlagError {
    return new FeatureFlagError(ErrorCode.Forbidden, 'Only admins can change feature flags');
  }

  static productionOnly(): FeatureFlagError {
    return new FeatureFlagError(
      ErrorCode.Forbidden,
      'Feature flag administration is only available in development environments.',
    );
  }
}
