import type { FastifyError, FastifyInstance } from 'fastify';

/** An error the user can act on: its message is shown, its status is the HTTP status. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public code: string = String(statusCode),
    /** Messages per form field, shown beside the field by the pages. */
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new HttpError(400, m, 'BAD_REQUEST');
export const unauthorized = (m = 'You are not logged in') => new HttpError(401, m, 'UNAUTHORIZED');
export const forbidden = (m = 'You do not have access to this') =>
  new HttpError(403, m, 'FORBIDDEN');
export const notFound = (m = 'Not found') => new HttpError(404, m, 'NOT_FOUND');
export const conflict = (m: string) => new HttpError(409, m, 'CONFLICT');
export const tooMany = (m: string) => new HttpError(429, m, 'TOO_MANY_REQUESTS');

function describeValidation(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return err.message;
  const where = (err.validationContext ?? 'request').replace('querystring', 'query');
  const field =
    (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') ||
    (v.params as any)?.missingProperty ||
    '';
  const what = v.message ?? 'is invalid';
  return field ? `Invalid ${where} field "${field}": ${what}` : `Invalid ${where}: ${what}`;
}

/** Every error leaves as {status:false, code, message} with a real HTTP status; never a stack. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { statusCode?: number; code?: string }, req, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        status: false,
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (err.validation) {
      return reply
        .status(400)
        .send({ status: false, code: 'VALIDATION', message: describeValidation(err) });
    }
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send({
        status: false,
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type …) keep their message.
    return reply
      .status(status)
      .send({ status: false, code: err.code ?? String(status), message: err.message });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({
      status: false,
      code: 'NOT_FOUND',
      message: `No API route for ${req.method} ${req.url.split('?')[0]}`,
    });
  });
}
