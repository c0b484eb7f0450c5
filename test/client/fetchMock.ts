// A fetch stand-in for the screen tests: answers by 'METHOD /path' (without /api), 404 for anything else. A key with a
// query string answers that query only; a key without one answers the path with any query (a list's page, sort and
// filters). An answer is a JSON body (200), a reply({status, body}) or a function of the request's init (and URL).
export type Answer = unknown;

const REPLY = Symbol('reply');
interface Reply {
  [REPLY]: true;
  status: number;
  body: unknown;
}

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const reply = (status: number, body: unknown): Reply => ({ [REPLY]: true, status, body });

const isReply = (answer: unknown): answer is Reply => Boolean(answer && typeof answer === 'object' && REPLY in answer);

type FetchArgs = [input: string | URL | Request, init?: RequestInit];

export function mockFetch(routes: Record<string, Answer>) {
  const fetchMock = jest.fn(async (...[input, init]: FetchArgs) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const exact = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    const key = exact in routes ? exact : exact.replace(/\?.*$/, '');
    if (!(key in routes)) return json(404, { status: 404, message: 'Recurso no encontrado' });
    const answer = routes[key];
    if (typeof answer === 'function') return (answer as (init?: RequestInit, url?: string) => Response | Promise<Response>)(init, url);
    if (isReply(answer)) return json(answer.status, answer.body);
    return json(200, answer);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls of one 'METHOD /path' (without /api); a key without a query string counts the path with any query. */
export const callsTo = (fetchMock: jest.Mock, key: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => {
    const call = `${init?.method ?? 'GET'} ${String(url).replace(/^\/api/, '')}`;
    return call === key || (!key.includes('?') && call.replace(/\?.*$/, '') === key);
  });

/** The query parameters of each call to one 'METHOD /path' (without /api), as objects. */
export const queriesTo = (fetchMock: jest.Mock, key: string) =>
  callsTo(fetchMock, key).map(([url]: FetchArgs) => Object.fromEntries(new URL(String(url), 'http://portal.test').searchParams));

/** The JSON bodies sent to one 'METHOD /path'. */
export const bodiesTo = (fetchMock: jest.Mock, key: string) => callsTo(fetchMock, key).map(([, init]: FetchArgs) => JSON.parse(String(init?.body)));
