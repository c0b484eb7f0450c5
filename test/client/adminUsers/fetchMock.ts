// A fetch stand-in for the admin and customer-request screen tests: answers by 'METHOD /path' (without /api), 404 for
// anything else. An answer is a JSON body (200), a reply({status, body}) or a function of the request's init.
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
    const key = `${init?.method ?? 'GET'} ${url.replace(/^\/api/, '')}`;
    if (!(key in routes)) return json(404, { status: 404, message: 'Recurso no encontrado' });
    const answer = routes[key];
    if (typeof answer === 'function') return (answer as (init?: RequestInit) => Response | Promise<Response>)(init);
    if (isReply(answer)) return json(answer.status, answer.body);
    return json(200, answer);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** The calls of one 'METHOD /path' (without /api). */
export const callsTo = (fetchMock: jest.Mock, key: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => `${init?.method ?? 'GET'} ${String(url).replace(/^\/api/, '')}` === key);

/** The JSON bodies sent to one 'METHOD /path'. */
export const bodiesTo = (fetchMock: jest.Mock, key: string) => callsTo(fetchMock, key).map(([, init]: FetchArgs) => JSON.parse(String(init?.body)));
