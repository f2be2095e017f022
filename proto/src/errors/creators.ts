import type { ErrorList } from './error-list';

export const creatorsErrors = {
  CreatorNotFound: {
    code: 'CREATOR_NOT_FOUND',
    status: 404,
    message: 'This creator was not found. Check the handle in the address.',
  },
} as const satisfies ErrorList;
