import { EventEmitter } from 'node:events';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { Readable, Writable } from 'node:stream';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';

/**
 * A page's loaders reach our API in-process: a request and response of our own, handed to
 * Fastify's router as a visitor's would be, without a socket or a parser. Not light-my-request
 * (app.inject): on Node 20 each of its calls kept about 6 KB (its result object and the mock
 * response it reaches) through every young collection until the next full one, a quarter of what
 * a fresh product page promoted (bench/README.md). What Node writes for the response is read
 * back as the wire has it: the status line and headers from its header block, then the body.
 */
export class InProcessRequest extends Readable {
  readonly httpVersionMajor = 1;
  readonly httpVersionMinor = 1;
  readonly httpVersion = '1.1';
  readonly rawHeaders: string[] = [];
  readonly socket: CallSocket;
  readonly connection: CallSocket;
  aborted = false;
  private payload: Buffer | undefined;

  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: Record<string, string>,
    payload: Buffer | undefined,
    remoteAddress: string,
  ) {
    super();
    this.payload = payload;
    headers.host ??= 'localhost';
    if (payload) headers['content-length'] = String(payload.length);
    for (const k in headers) this.rawHeaders.push(k, headers[k]!);
    this.socket = this.connection = new CallSocket(remoteAddress);
  }

  override _read() {
    const body = this.payload;
    this.payload = undefined;
    if (body?.length) this.push(body);
    this.push(null);
  }
}

/** What Fastify reads of a request's socket: the caller's address, never encrypted. */
class CallSocket extends EventEmitter {
  readonly encrypted = false;
  constructor(readonly remoteAddress: string) {
    super();
  }
}

/** The response's socket: keeps the bytes Node writes, header block first. */
class Wire extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void) {
    this.chunks.push(chunk);
    done();
  }
}

export interface CallAnswer {
  status: number;
  /** Lower-case names; a name sent twice (set-cookie) has each value in order. */
  headers: [string, string][];
  /** Null for HEAD, 204 and 304, as on the wire. */
  body: Buffer | null;
}

export interface CallOptions {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: Buffer;
  remoteAddress: string;
}

/** One call through the app's router; the app must be ready (it serves pages only then). */
export function callInProcess(app: FastifyInstance, o: CallOptions): Promise<CallAnswer> {
  return new Promise((resolve, reject) => {
    // The request line an HTTP client would send for this URL: fragment dropped, dot segments
    // resolved, spaces and non-ASCII characters percent-encoded.
    const target = new URL(o.url, 'http://in-process');
    const url = target.pathname + target.search;
    const req = new InProcessRequest(o.method, url, o.headers, o.payload, o.remoteAddress);
    const res = new ServerResponse(req as unknown as IncomingMessage);
    res.sendDate = false;
    const wire = new Wire();
    res.assignSocket(wire as never);
    let done = false;
    res.once('finish', () => {
      done = true;
      try {
        resolve(readAnswer(req, res, wire.chunks));
      } catch (e) {
        reject(e);
      }
      // As a server does once a response is sent: listeners waiting for the end run now.
      res.detachSocket(wire as never);
      res.emit('close');
      req.destroy();
    });
    res.once('close', () => {
      if (!done) reject(new Error(`in-process call to ${o.url} was closed before it answered`));
    });
    app.routing(req as unknown as IncomingMessage, res);
  });
}

function readAnswer(req: InProcessRequest, res: ServerResponse, chunks: Buffer[]): CallAnswer {
  const head = (res as unknown as { _header: string })._header;
  const headers: [string, string][] = [];
  const lines = head.split('\r\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()]);
  }
  const status = res.statusCode;
  if (req.method === 'HEAD' || status === 204 || status === 304)
    return { status, headers, body: null };
  const wire = Buffer.concat(chunks).subarray(Buffer.byteLength(head, 'latin1'));
  return { status, headers, body: res.chunkedEncoding ? unchunk(wire) : wire };
}

/** A chunked body's data: each chunk is its size in hex, CRLF, the bytes, CRLF; size 0 ends. */
export function unchunk(wire: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = wire.indexOf('\r\n', at, 'latin1');
    if (eol < 0) throw new Error('in-process answer: chunk size line not ended');
    const size = parseInt(wire.toString('latin1', at, eol), 16);
    if (!(size >= 0)) throw new Error('in-process answer: bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(wire.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/**
 * An in-process call: a page's loaders reaching our API while the page is served (callInProcess),
 * or a test's or a fake service's app.inject. A visitor's request is neither: its raw request is
 * Node's own, made by the server from the socket.
 */
export const isInProcess = (req: FastifyRequest) =>
  req.raw instanceof InProcessRequest || '_lightMyRequest' in req.raw;

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
