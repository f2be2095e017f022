/**
 * The web client's contract with the gateway's committed OpenAPI document, checked by the type
 * checker itself (`npm run typecheck:contracts -w web`): this file is never run, only compiled.
 *
 * Each `@ts-expect-error [id]` is a call the document must refuse. It fails the type check both
 * ways: if the call compiles (the document gained the route, the method, the field…) the
 * directive is unused, which is an error. `prove-failures.mjs` shows each one can fail, by
 * compiling variants of this file and of the generated types in which they disagree.
 *
 * Not covered, because openapi-fetch does not refuse it: an unknown extra field in a body that
 * otherwise matches (`{ creatorId, title }`) compiles, since the request's type is inferred from
 * the argument (openapi-ts/openapi-typescript#1769). An object literal missing a required field
 * or with a wrongly typed field is refused, and then its extra fields are reported too.
 */
import { api } from '../src/api/client';
import type { components } from '../src/api/schema';

/** True only when A and B are the same type (not merely assignable either way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** `replyOf(data).is<Expected>(true)` compiles only when data's type is exactly Expected. */
function replyOf<T>(_data: T) {
  return { is: <Expected>(_same: Equal<T, Expected>) => undefined };
}

// Positive controls: calls the document allows compile, and their replies are what it says.

export async function openConversation(creatorId: string) {
  const { data } = await api.POST('/api/conversations', { body: { creatorId } });
  // [open-conversation-reply] the reply is the conversation, field for field
  replyOf(data).is<{ createdAt: string; creatorId: string; id: string; title: string } | undefined>(true);
}

export async function readMessages(id: string) {
  const { data } = await api.GET('/api/conversations/{id}/messages', {
    params: { path: { id }, query: { limit: 20, before: '2025-01-01T00:00:00.000Z' } },
  });
  // [read-messages-reply] the reply is the route's 200 body
  replyOf(data).is<components['schemas']['MessageListResponse'] | undefined>(true);
}

// Negative checks: calls the document refuses.

export function unknownRoute() {
  // @ts-expect-error [unknown-route] the document has no /api/billing/refund
  void api.POST('/api/billing/refund', { body: { creatorId: 'creator-1' } });
}

export function wrongMethod() {
  // @ts-expect-error [wrong-method] messages can be read and sent, not deleted
  void api.DELETE('/api/conversations/{id}/messages', { params: { path: { id: 'conv-1' } } });
}

export function missingBodyField() {
  // @ts-expect-error [missing-body-field] opening a conversation needs the creatorId
  void api.POST('/api/conversations', { body: {} });
}

export function wrongBodyFieldType() {
  const params = { path: { id: 'conv-1' } };
  // @ts-expect-error [wrong-body-field-type] content is a list of parts, not a string
  void api.POST('/api/conversations/{id}/messages', { params, body: { content: 'hello' } });
}

export function missingPathParams() {
  // @ts-expect-error [missing-path-params] the creator's id is not given
  void api.GET('/api/creators/{id}');
}

export function wrongPathParamName() {
  // @ts-expect-error [wrong-path-param-name] this route is keyed by handle, not id
  void api.GET('/api/creators/by-handle/{handle}', { params: { path: { id: 'maya' } } });
}

export function wrongPathParamType() {
  // @ts-expect-error [wrong-path-param-type] a session's id is a string
  void api.DELETE('/api/auth/sessions/{id}', { params: { path: { id: 42 } } });
}

export function wrongQueryParamType() {
  // @ts-expect-error [wrong-query-param-type] demoAccount is the string 'true' or 'false'
  void api.GET('/api/creators', { params: { query: { demoAccount: true } } });
}
