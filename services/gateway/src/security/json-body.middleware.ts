import { Injectable, NestMiddleware } from '@nestjs/common';
import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import type { NextFunction, Request, Response } from 'express';

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^\\s*(${TOKEN}/${TOKEN})\\s*$`);
const PARAMETER = new RegExp(`^\\s*(${TOKEN})\\s*=\\s*(${TOKEN}|"(?:[^"\\\\]|\\\\.)*")\\s*$`);

/**
 * Why the API will not read this request's body, or undefined when it will.
 * The API reads JSON in UTF-8 only. A form or text body — which a browser
 * posts to another site without asking first — would otherwise be parsed
 * (forms) or reach validation as "no body", and a malformed Content-Type is
 * read as JSON by the body parser; all of them are refused before any handler.
 */
export function jsonBodyProblem(
  request: Pick<Request, 'method' | 'headers'> & { originalUrl?: string },
): string | undefined {
  if (!carriesBody(request)) return undefined;
  const header = request.headers['content-type'];
  if (!header) return 'The request has a body but no Content-Type; send it as application/json.';
  const [mediaType, ...parameters] = header.split(';');
  const type = MEDIA_TYPE.exec(mediaType ?? '')?.[1]?.toLowerCase();
  const parsed = parameters.map((parameter) => PARAMETER.exec(parameter));
  if (!type || parsed.some((match) => !match))
    return 'The Content-Type header is malformed; send application/json; charset=utf-8.';
  if (type === 'application/x-www-form-urlencoded' && isFormPostCallback(request)) return undefined;
  if (type !== 'application/json') return `A body of type ${type} is not accepted; send application/json.`;
  const charset = parsed.find((match) => match![1]!.toLowerCase() === 'charset')?.[2];
  if (charset !== undefined && charset.replace(/^"|"$/g, '').toLowerCase() !== 'utf-8')
    return `The charset ${charset} is not supported; send the body as UTF-8.`;
  return undefined;
}

/**
 * The one form the API reads: an OAuth provider's form_post authorization
 * response (Apple), which the browser posts from the provider's page. It
 * carries no cookie-authenticated action: the state and binding cookie decide.
 */
function isFormPostCallback(request: { method: string; originalUrl?: string }): boolean {
  const path = (request.originalUrl ?? '').split('?')[0];
  return request.method === 'POST' && /^\/api\/auth\/oauth\/[a-z]+\/callback$/.test(path ?? '');
}

function carriesBody(request: Pick<Request, 'method' | 'headers'>): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const length = Number(request.headers['content-length'] ?? 0);
  return request.headers['transfer-encoding'] !== undefined || length > 0;
}

/** Refuses a body the API does not read with 415 UNSUPPORTED_MEDIA_TYPE (see `jsonBodyProblem`). */
@Injectable()
export class JsonBodyOnlyMiddleware implements NestMiddleware {
  use(request: Request, _response: Response, next: NextFunction): void {
    const problem = jsonBodyProblem(request);
    next(problem ? new ServiceError(ErrorCode.UnsupportedMediaType, problem) : undefined);
  }
}
