// How the harness talks to a portal instance: app.inject for the in-process ones, HTTP on loopback for the child
// process (which may be dead for a while: a request then fails with PortalUnreachable, as a browser's would).
import type { FastifyInstance } from 'fastify';
import type { WebpayReturn } from '@mocks/webpay/server';

export interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface PortalRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  token?: string;
  payload?: object;
  /** Sent as application/x-www-form-urlencoded instead of JSON. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The portal did not answer at all (connection refused or dropped: the process is gone). */
export class PortalUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PortalUnreachable';
  }
}

export interface PortalTarget {
  name: string;
  request(req: PortalRequest): Promise<Answer>;
}

const XSRF = 'chaos-xsrf-token';

function requestHeaders(req: PortalRequest): Record<string, string> {
  return {
    'x-xsrf-token': XSRF,
    cookie: `XSRF-TOKEN=${XSRF}`,
    ...(req.token ? { authorization: req.token } : {}),
    ...(req.form ? { 'content-type': 'application/x-www-form-urlencoded' } : req.payload ? { 'content-type': 'application/json' } : {}),
    ...(req.headers ?? {}),
  };
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function injectTarget(name: string, app: FastifyInstance): PortalTarget {
  return {
    name,
    async request(req) {
      const res = await app.inject({
        method: req.method,
        url: req.url,
        headers: requestHeaders(req),
        payload: req.form ? new URLSearchParams(req.form).toString() : req.payload ? JSON.stringify(req.payload) : undefined,
      });
      return { status: res.statusCode, body: parse(res.body), headers: res.headers as Answer['headers'] };
    },
  };
}

export function httpTarget(name: string, baseUrl: () => string, timeoutMs = 30_000): PortalTarget {
  return {
    name,
    async request(req) {
      let res: Response;
      try {
        res = await fetch(`${baseUrl()}${req.url}`, {
          method: req.method,
          headers: requestHeaders(req),
          body: req.form ? new URLSearchParams(req.form).toString() : req.payload ? JSON.stringify(req.payload) : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new PortalUnreachable(`${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`);
      }
      let text: string;
      try {
        text = await res.text();
      } catch (error) {
        throw new PortalUnreachable(`${req.method} ${req.url} (body): ${error instanceof Error ? error.message : String(error)}`);
      }
      const headers: Answer['headers'] = {};
      res.headers.forEach((value, key) => {
        headers[key] = value;
      });
      return { status: res.status, body: parse(text), headers };
    },
  };
}

/** The browser coming back from Webpay to the portal's return_url (as a form POST or a GET with the query). */
export function webpayReturnRequest(ret: WebpayReturn): PortalRequest {
  const url = new URL(ret.method === 'GET' ? ret.href : ret.url);
  if (ret.method === 'GET') return { method: 'GET', url: `${url.pathname}${url.search}` };
  return { method: 'POST', url: url.pathname, form: ret.params };
}
