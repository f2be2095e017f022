import type { ErrorList } from './error-list';

/** ingestion's codes: the content provider port and data-export imports. */
export const ingestionErrors = {
  ProfileNotFound: {
    code: 'PROFILE_NOT_FOUND',
    status: 404,
    message: 'No TikTok profile with this user ID was found. Check the spelling and try again.',
  },
  ContentProviderUnavailable: {
    code: 'CONTENT_PROVIDER_UNAVAILABLE',
    status: 503,
    message: 'TikTok could not be reached to read the profile. Try again in a minute.',
  },
  /** A data-export archive that is not a TikTok "Download your data" JSON file. */
  DataExportInvalid: {
    code: 'DATA_EXPORT_INVALID',
    status: 400,
    message:
      'This file is not a TikTok data export. In TikTok, request your data as JSON, then upload the user_data file.',
  },
  /** The TikTok API provider is not configured here (no TIKTOK_CLIENT_KEY / TIKTOK_CLIENT_SECRET). */
  TikTokNotConfigured: {
    code: 'TIKTOK_NOT_CONFIGURED',
    status: 404,
    message:
      'Connecting a TikTok account is not set up on this server. Use another way to verify your profile.',
  },
  /** TikTok's redirect back without a state this server issued (or one that expired, or another browser's). */
  TikTokStateInvalid: {
    code: 'TIKTOK_STATE_INVALID',
    status: 400,
    message:
      'This TikTok connection link is not valid or has expired. Start again with Connect TikTok on the verify page.',
  },
  /** The stored connection can no longer be used (TikTok refused its refresh token). */
  TikTokReconnectRequired: {
    code: 'TIKTOK_RECONNECT_REQUIRED',
    status: 409,
    message: 'Your TikTok connection has expired or was revoked. Connect TikTok again.',
  },
  /** TikTok answered an API call with an error (the message names TikTok's code). */
  TikTokApiError: {
    code: 'TIKTOK_API_ERROR',
    status: 502,
    message: 'TikTok answered with an error. Try again in a minute.',
  },
  TikTokRateLimited: {
    code: 'TIKTOK_RATE_LIMITED',
    status: 503,
    message: 'TikTok is limiting how often we may ask right now. Try again in a few minutes.',
  },
} as const satisfies ErrorList;
