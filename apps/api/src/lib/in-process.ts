import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * An in-process call (app.inject): a page's loaders reaching our API while the page is served.
 * A visitor's request never has this property: it is set on the request light-my-request makes.
 */
export const isInProcess = (req: FastifyRequest) => '_lightMyRequest' in req.raw;

/**
 * Request lines for what a visitor asked, not for a page's in-process calls: the page's own
 * lines stand for them (a product page wrote four more pairs, each to the log as it came).
 * A call that fails is still logged, under the page's request id (web.ts passes it on).
 */
export class VisitorRequestLogs extends LogController {
  override incomingRequest(req: FastifyRequest, reply: FastifyReply) {
    if (!isInProcess(req)) super.incomingRequest(req, reply);
  }
  override requestCompleted(
    err: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (err || !isInProcess(req)) super.requestCompleted(err, req, reply);
  }
}
