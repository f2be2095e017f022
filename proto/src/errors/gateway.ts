import type { ErrorList } from './error-list';

/** gateway's own codes: what the HTTP edge refuses before any service sees it. */
export const gatewayErrors = {
  PayloadTooLarge: {
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    message: 'What you sent is too large. Send something shorter.',
  },
  UnsupportedMediaType: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    message: 'This kind of content is not accepted. Send JSON in UTF-8 without compression.',
  },
} as const satisfies ErrorList;
