// How the Service Layer client reaches the ERP: one HTTP exchange, its status, Set-Cookie headers and body text.
// The default is undici's `request` over a keep-alive pool of its own. It costs a fraction of the global fetch per
// exchange (no WHATWG Request/Response/streams per call: about 60 µs of CPU instead of 400 measured on a 2-core
// machine, and an order makes several exchanges), and its pool takes TLS options, which the global fetch does not: an
// ERP with a self-signed certificate is reached with `ca` (added to the system's authorities) or, last resort,
// `rejectUnauthorized: false`. Tests and instrumentation may hand in any fetch instead (`fromFetch`).
import { rootCertificates } from 'node:tls';
import { Agent, request, type Dispatcher } from 'undici';

export interface ExchangeInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  /** Read the body as bytes (a file: `Attachments2(n)/$value`), not as text. */
  binary?: boolean;
}

export interface ExchangeReply {
  status: number;
  setCookies: string[];
  /** The whole body as text, read under the same signal (a body that never ends times out too); '' when `binary`. */
  text: string;
  /** With `binary`: the body's bytes and its Content-Type. */
  bytes?: Buffer;
  contentType?: string;
}

export type Transport = (url: string, init: ExchangeInit) => Promise<ExchangeReply>;

/** A fetch-shaped function (the global fetch, a test's recorder). */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export interface TlsOptions {
  /** false accepts a self-signed or otherwise unverifiable certificate (the ERP's LAN address). */
  rejectUnauthorized?: boolean;
  /** PEM of a certificate authority to trust in addition to the system ones. */
  ca?: string;
}

/** Exchanges through undici's `request` on a keep-alive pool of its own (with the TLS options, if any). */
export function undiciTransport(tls: TlsOptions = {}): Transport {
  const dispatcher = new Agent({
    connect: {
      rejectUnauthorized: tls.rejectUnauthorized ?? true,
      ...(tls.ca ? { ca: [...rootCertificates, tls.ca] } : {}),
    },
  });
  return async (url, init) => {
    const answer = await request(url, {
      method: init.method as Dispatcher.HttpMethod,
      headers: init.headers,
      body: init.body,
      signal: init.signal,
      dispatcher,
    });
    const setCookie = answer.headers['set-cookie'];
    const setCookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    if (init.binary && answer.statusCode >= 200 && answer.statusCode < 300) {
      const type = answer.headers['content-type'];
      return { status: answer.statusCode, setCookies, text: '', bytes: Buffer.from(await answer.body.arrayBuffer()), contentType: Array.isArray(type) ? type[0] : type };
    }
    return { status: answer.statusCode, setCookies, text: await answer.body.text() };
  };
}

/** Every Set-Cookie header; when the runtime folds them into one, split at commas that start a new cookie. */
function setCookieHeaders(headers: Headers): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie();
  const joined = headers.get('set-cookie');
  return joined ? joined.split(/,(?=\s*[A-Za-z0-9_.-]+=)/) : [];
}

/** Exchanges through a fetch-shaped function. */
export function fromFetch(fetchImpl: FetchLike): Transport {
  return async (url, init) => {
    const { binary, ...request } = init;
    const response = await fetchImpl(url, request);
    if (binary && response.ok) {
      return { status: response.status, setCookies: setCookieHeaders(response.headers), text: '', bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') ?? undefined };
    }
    return { status: response.status, setCookies: setCookieHeaders(response.headers), text: await response.text() };
  };
}
