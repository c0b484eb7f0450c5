import { randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { SERVER_MSG } from '../messages';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false for a route whose request carries its own proof instead of the double-submit token: callbacks of other
     * systems (payment providers), and a public route whose body holds a secret only its rightful sender has (the
     * stock alerts' mailed unsubscribe token, posted by the server's own page without an XSRF header). A forged
     * cross-site request cannot supply that secret, so the token would add nothing.
     */
    xsrf?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** Whether a route's config exempts it from the anti-forgery token (`xsrf: false`, or a provider callback). */
export const xsrfExempt = (config: { xsrf?: boolean; access?: string } | undefined): boolean => config?.xsrf === false || config?.access === 'provider';

/** Whether the request must carry the anti-forgery token: a state-changing /api call of a route not exempt. */
function needsToken(request: FastifyRequest): boolean {
  if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return false;
  // read only here: Fastify builds `routeOptions` anew on each read, and the guard asks on every request
  return !xsrfExempt(request.routeOptions.config);
}

/**
 * Double-submit anti-forgery: the server hands out a readable `XSRF-TOKEN` cookie and every non-GET
 * request to /api must echo it in `X-XSRF-TOKEN`. A cross-site page can send the cookie but cannot read it.
 * The check itself runs in the access guard (plugins/auth.ts), in `onRequest` after the session and role checks.
 */
export function assertXsrf(request: FastifyRequest): void {
  if (!needsToken(request)) return;
  const cookies = request.headers.cookie;
  const cookie = cookies ? parseCookie(cookies)[XSRF_COOKIE] : undefined;
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) throw new HttpError(403, SERVER_MSG.xsrfMissing);
}

const TOKEN_COOKIE = new RegExp(`(?:^|;)\\s*${XSRF_COOKIE}=[^;\\s]`);
const TOKEN_NAME = `${XSRF_COOKIE}=`;
const SPACE = /\s/;

/** `\s` of one character, without a regex for the ASCII ones. */
function isSpace(header: string, at: number): boolean {
  const code = header.charCodeAt(at);
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : SPACE.test(header[at]!);
}

/**
 * Whether a Cookie header carries a non-empty anti-forgery cookie (TOKEN_COOKIE's rule). On every request: the first
 * `XSRF-TOKEN=` is found with indexOf and, when it is a cookie of its own with a value (the usual case), that is the
 * answer; a header without it is a no; any other case (the name inside another cookie's, an empty value first) is
 * decided by the rule itself.
 */
export function hasToken(header: string | undefined): boolean {
  if (header === undefined) return false;
  const at = header.indexOf(TOKEN_NAME);
  if (at === -1) return false;
  const value = at + TOKEN_NAME.length;
  if (value < header.length && header[value] !== ';' && !isSpace(header, value)) {
    let before = at - 1;
    while (before >= 0 && isSpace(header, before)) before--;
    if (before < 0 || header[before] === ';') return true;
  }
  return TOKEN_COOKIE.test(header);
}

/** Hands out the anti-forgery cookie. */
export default fp(async function xsrf(app: FastifyInstance, opts: { secure: boolean }) {
  // synchronous, before the route runs: an answer whose request carries the cookie (every call of the SPA after its
  // first) pays one look for a non-empty `XSRF-TOKEN=` in the header (cookies are not parsed for every request); a
  // header set here is kept on every answer, errors and 404s included
  app.addHook('onRequest', (request, reply, done) => {
    if (!hasToken(request.headers.cookie)) {
      reply.header('set-cookie', stringifySetCookie({
        name: XSRF_COOKIE,
        value: randomBytes(24).toString('base64url'),
        path: '/',
        sameSite: 'strict',
        secure: opts.secure,
        httpOnly: false,
      }));
    }
    done();
  });

  // Lets the SPA get a token before its first state-changing call.
  app.get('/api/security/xsrf', { config: { access: 'public' } }, async (_request, reply) => reply.status(204).send());
});
