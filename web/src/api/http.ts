import { apiBaseUrl } from '../config';
import { ApiError, isAbortError } from './api-error';

/**
 * How the client obtains credentials. The session feature installs this at start-up, so the API
 * layer never imports the session store (and tests can install a fake).
 */
export interface AuthBinding {
  /** A usable access token (refreshed first if it is about to expire), or null when there is none. */
  getAccessToken(): Promise<string | null>;
  /** Called once when a request answered 401; resolves to a new access token, or null to give up. */
  onUnauthorized(rejectedToken: string | null): Promise<string | null>;
}

let authBinding: AuthBinding | null = null;

export function bindAuth(binding: AuthBinding | null): void {
  authBinding = binding;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Send `Authorization: Bearer <accessToken>` from the bound session (default true). */
  auth?: boolean;
  /** Use exactly this access token instead of the bound session's (no refresh on 401). */
  token?: string;
  accept?: string;
  signal?: AbortSignal;
}

/** Performs a request against the gateway; resolves only for 2xx answers, otherwise throws ApiError. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, auth = true, token, accept = 'application/json', signal } = options;
  const send = async (accessToken: string | null): Promise<Response> => {
    const headers: Record<string, string> = { Accept: accept };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await fetch(`${apiBaseUrl()}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw ApiError.network(error);
    }
  };

  const useBinding = auth && token === undefined && authBinding !== null;
  const accessToken = token ?? (useBinding ? await authBinding!.getAccessToken() : null);
  let response = await send(accessToken);
  if (response.status === 401 && useBinding) {
    const renewed = await authBinding!.onUnauthorized(accessToken);
    if (renewed) response = await send(renewed);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/** apiFetch for JSON answers. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
