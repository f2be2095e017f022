/**
 * One service's error codes. Each entry is the wire code, the HTTP status the
 * gateway answers with, and the message a fan reads when the raiser gave none
 * (it says what to do next, not only what went wrong).
 */
export type ErrorEntry = { readonly code: string; readonly status: number; readonly message: string };
export type ErrorList = Readonly<Record<string, ErrorEntry>>;

/** `{ Key: { code: 'CODE', … } }` → `{ Key: 'CODE' }`, the shape of `ErrorCode`. */
export type CodesOf<L extends ErrorList> = { readonly [K in keyof L]: L[K]['code'] };

export function codesOf<L extends ErrorList>(list: L): CodesOf<L> {
  return Object.fromEntries(Object.entries(list).map(([key, entry]) => [key, entry.code])) as CodesOf<L>;
}
