// A fetch stand-in for screen tests: answers JSON by API path ('/user/home'), 404 for anything else.
export type Answer = unknown | { status: number; body: unknown } | (() => Promise<Response>);

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function isReply(answer: unknown): answer is { status: number; body: unknown } {
  return Boolean(answer && typeof answer === 'object' && 'status' in answer && 'body' in answer && Object.keys(answer).length === 2);
}

/** Installs the stand-in and returns the mock, whose calls are the requested urls. */
export function mockApi(routes: Record<string, Answer>) {
  const fetchMock = jest.fn((input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^\/api/, '');
    if (!(path in routes)) return Promise.resolve(json(404, { status: 404, message: 'Recurso no encontrado' }));
    const answer = routes[path];
    if (typeof answer === 'function') return (answer as () => Promise<Response>)();
    if (isReply(answer)) return Promise.resolve(json(answer.status, answer.body));
    return Promise.resolve(json(200, answer));
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** A network failure, as fetch reports it. */
export const offline = () => Promise.reject(new TypeError('Failed to fetch'));
