import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus, formatKobo, MAX_KOBO, type ErrorCode, type FieldErrors } from '@sf/shared';
import { isDatabaseUnavailable } from '@sf/db';
import type { ApiError } from './schemas.ts';
import { reportError } from './error-report.ts';
import { activeTrace } from './telemetry.ts';

/** A 5xx that nothing expected: to the error reporter (SENTRY_DSN), with its request and trace. */
export function reportRequestError(err: unknown, req: FastifyRequest) {
  const ua = req.headers['user-agent'];
  reportError(err, {
    request: {
      id: req.id,
      method: req.method,
      url: req.url,
      route: req.routeOptions.url,
      userAgent: typeof ua === 'string' ? ua.slice(0, 300) : undefined,
    },
    trace: activeTrace(),
  });
}

/** An error the user can act on: its message is shown, its status is the HTTP status. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public code: ErrorCode = codeForStatus(statusCode),
    /** Messages per form field, shown beside the field by the pages. */
    public fields?: FieldErrors,
  ) {
    super(message);
  }
  /** Seconds until a refused (429) request may be tried again: sent as Retry-After. */
  retryAfterS?: number;
}

export const badRequest = (m: string) => new HttpError(400, m, 'BAD_REQUEST');
/** A refused form: one message, and one per field when the fields are known. */
export const invalid = (m: string, fields?: FieldErrors) =>
  new HttpError(400, m, 'VALIDATION', fields && Object.keys(fields).length ? fields : undefined);
export const unauthorized = (m = 'You are not logged in') => new HttpError(401, m, 'UNAUTHORIZED');
export const forbidden = (m = 'You do not have access to this') =>
  new HttpError(403, m, 'FORBIDDEN');
export const notFound = (m = 'Not found') => new HttpError(404, m, 'NOT_FOUND');
export const conflict = (m: string) => new HttpError(409, m, 'CONFLICT');
export const tooMany = (m: string, retryAfterS?: number) =>
  Object.assign(new HttpError(429, m, 'RATE_LIMITED'), { retryAfterS });
export const unavailable = (m: string) => new HttpError(503, m, 'UNAVAILABLE');

/**
 * An error of an outside service (Paystack, later the SMS gateway) marks itself with the
 * service's name. One that reaches the error handler leaves as a 503 the client may retry (no
 * answer, or a 5xx: the service is unwell, not the request) or a 502 (the service refused what
 * we sent), never a 500: nothing on our side crashed, and the user can act on "try again".
 */
export interface OutsideServiceFailure {
  outsideService: string;
  /** True when the service gave no usable answer (it may still have done the work). */
  unclear: boolean;
}
const isOutsideFailure = (e: unknown): e is Error & OutsideServiceFailure =>
  typeof (e as Partial<OutsideServiceFailure> | null)?.outsideService === 'string';

/** The one shape of an error body; `fields` only when there are field messages. */
export function errorBody(code: ErrorCode, message: string, fields?: FieldErrors): ApiError {
  const clean = fields
    ? (Object.fromEntries(Object.entries(fields).filter(([, v]) => v)) as Record<string, string>)
    : undefined;
  return {
    status: false,
    code,
    message,
    ...(clean && Object.keys(clean).length ? { fields: clean } : {}),
  };
}

/** Sends an error answer outside the error handler (hooks, guards). */
export const sendError = (
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: FieldErrors,
) => reply.status(status).send(errorBody(code, message, fields));

/** The field a validation error is about, as the request names it ("store", "item.name"). */
function fieldOf(v: NonNullable<FastifyError['validation']>[number]): string {
  const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
  return path || missing || '';
}

function describeValidation(err: FastifyError): { message: string; field: string } {
  const v = err.validation?.[0];
  if (!v) return { message: err.message, field: '' };
  const where = (err.validationContext ?? 'request').replace('querystring', 'query');
  const field = fieldOf(v);
  const format = v.keyword === 'format' ? (v.params as { format?: string }).format : undefined;
  const limit = (v.params as { limit?: number } | undefined)?.limit;
  const what =
    v.keyword === 'maximum' && limit === MAX_KOBO
      ? `must be at most ${formatKobo(MAX_KOBO)}`
      : format === 'single-line'
        ? 'must be one line of text, without line breaks or control characters'
        : format === 'multi-line'
          ? 'must not contain control characters'
          : (v.message ?? 'is invalid');
  return {
    field,
    message: field ? `Invalid ${where} field "${field}": ${what}` : `Invalid ${where}: ${what}`,
  };
}

/** Every error leaves as {status:false, code, message[, fields]} with a real HTTP status; never a stack. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof HttpError) {
      if (err.retryAfterS) reply.header('retry-after', String(err.retryAfterS));
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.fields));
    }
    if (err.validation) {
      const { message, field } = describeValidation(err);
      return reply
        .status(400)
        .send(errorBody('VALIDATION', message, field ? { [field]: message } : undefined));
    }
    if (isOutsideFailure(err)) {
      req.log.warn({ err: err.message, service: err.outsideService }, 'outside service failed');
      if (!err.unclear)
        return reply
          .status(502)
          .send(errorBody('UNAVAILABLE', `${err.outsideService} refused this: ${err.message}`));
      reply.header('retry-after', '30');
      return reply
        .status(503)
        .send(
          errorBody(
            'UNAVAILABLE',
            `${err.outsideService} did not answer in time. Please try again in a minute.`,
          ),
        );
    }
    if (isDatabaseUnavailable(err)) {
      // The database is down or restarting: a quick, honest 503 that clients and the proxy
      // retry, not a 500 (nothing is wrong with the request). The pool reconnects by itself.
      req.log.warn({ err: err.message }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send(
          errorBody('UNAVAILABLE', 'The service is briefly unavailable. Please try again shortly.'),
        );
    }
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      reportRequestError(err, req);
      return reply
        .status(500)
        .send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type …) keep their message.
    return reply.status(status).send(errorBody(codeForStatus(status), err.message));
  });
  app.setNotFoundHandler((req, reply) => {
    sendError(reply, 404, 'NOT_FOUND', `No API route for ${req.method} ${req.url.split('?')[0]}`);
  });
}
