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
} as const satisfies ErrorList;
