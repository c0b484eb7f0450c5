import type { B1Mock } from '@mocks/b1/server';

// Talking to the Service Layer stand-in as a client does, for its tests: a session, a call with its cookie, B1's
// error shape, a minimal sales order.

/** POST /Login as the stand-in's manager: the session cookie to send back. */
export async function loginB1(m: B1Mock): Promise<string> {
  const res = await fetch(`${m.url}/Login`, { method: 'POST', body: JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' }) });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** A call with the session's cookie; `json` is sent as the body. */
export function callB1(m: B1Mock, cookie: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return fetch(`${m.url}/${path}`, { ...init, headers, body });
}

/** B1's error body: `{error: {code, message: {lang, value}}}` with the status, the code and (when given) the text. */
export async function expectB1Error(res: Response, status: number, code: number, message?: string | RegExp): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { code: number; message: { lang: string; value: string } } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.lang).toBe('en-us');
  if (message !== undefined) expect(body.error.message.value).toMatch(message);
}

/** A one-line sales order of `cardCode` (POL-1001-M × 1). */
export const salesOrder = (cardCode: string, extra: Record<string, unknown> = {}) => ({
  CardCode: cardCode, DocDueDate: '20261201', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }], ...extra,
});
