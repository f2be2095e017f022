import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';

export class FeatureFlagError extends ServiceError {
  static notFound(): FeatureFlagError {
    return new FeatureFlagError(ErrorCode.NotFound, 'Feature flag not found');
  }

  /** Spec §9: a production deployment administers no flags (the page says the same). */
  static adminUnavailable(): FeatureFlagError {
    return new FeatureFlagError(ErrorCode.FlagAdminUnavailable);
  }

  static exists(): FeatureFlagError {
    return new FeatureFlagError(ErrorCode.FlagExists);
  }

  static notAdmin(): FeatureFlagError {
    return new FeatureFlagError(ErrorCode.Forbidden, 'Only admins can change feature flags');
  }

  /** Spec §6: the admin page toggles development flags only; production flags change with a release. */
  static notDevelopmentFlag(): FeatureFlagError {
    return new FeatureFlagError(
      ErrorCode.Forbidden,
      'Only development flags can be changed here. Change production flags with a release.',
    );
  }
}
