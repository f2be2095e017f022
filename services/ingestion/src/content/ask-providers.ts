import type { Logger } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import type { ContentProvider } from './content-provider';
import { ContentError } from './content.errors';

/**
 * Asks the configured providers in order and answers the first that knows the handle (`read`
 * answers null when it does not). A typed error passes through; anything else a provider throws
 * is logged and answered CONTENT_PROVIDER_UNAVAILABLE; nobody knowing it is PROFILE_NOT_FOUND.
 */
export async function askProviders<T>(
  providers: readonly ContentProvider[],
  handle: string,
  read: (provider: ContentProvider) => Promise<T | null>,
  logger: Logger,
): Promise<T> {
  for (const provider of providers) {
    if (!provider.configured()) continue;
    let found: T | null;
    try {
      found = await read(provider);
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      logger.error(`The ${provider.name} provider failed to read @${handle}: ${String(error)}`);
      throw ContentError.providerUnavailable();
    }
    if (found) return found;
  }
  throw ContentError.profileNotFound(handle);
}
