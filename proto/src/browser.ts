/**
 * The part of the contract the web app imports (`@backtalk/proto/browser`): plain
 * constants with no zod, so the browser bundle stays small. Schemas build on these.
 */

/** Spec §2: a handle is word characters, dots and hyphens (as it appears after `/@`). */
export const HANDLE_PATTERN = /^[\w.-]+$/;

/** The group whose members hold the admin role (identity grants it; services check it). */
export const Role = { Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

/** Whether the caller holds the admin role: membership of the admin group. */
export function isAdmin(actor: { groups: readonly string[] }): boolean {
  return actor.groups.includes(Role.Admin);
}
