// The Service Layer client against the B1 stand-in on loopback: session cookies, paging, re-login, errors, timeouts.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { ErpError } from '@server/erp/errors';
import type { FetchLike } from '@server/erp/transport';
import { ServiceLayerClient, type ServiceLayerOptions } from '@server/erp/serviceLayer';

interface Exchange {
  method: string;
  url: string;
  cookie?: string;
  prefer?: string;
  status: number;
  setCookies: string[];
}

/** The global fetch, recording each exchange. */
function recordingFetch(log: Exchange[], rewrite?: (url: string, body: string | undefined) => string | undefined): FetchLike {
  return async (url, init) => {
    const body = rewrite ? rewrite(url, init.body) : init.body;
    const response = await fetch(url, { ...init, body });
    log.push({
      method: init.method,
      url,
      cookie: init.headers.Cookie,
      prefer: init.headers.Prefer,
      status: response.status,
      setCookies: response.headers.getSetCookie(),
    });
    return response;
  };
}

let mock: B1Mock;

beforeAll(async () => {
  mock = await startB1Mock();
});

afterAll(async () => {
  await mock.close();
});

afterEach(() => {
  mock.setFaults({ errorRate: 0, refuse: false, hang: false, expireSessions: false });
  mock.setLatency(0);
});

const client = (extra: Partial<ServiceLayerOptions> = {}) =>
  new ServiceLayerClient({ baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000, ...extra });

const logins = (log: Exchange[]) => log.filter((e) => e.url.endsWith('/Login'));

describe('session', () => {
  it('logs in on first use and sends B1SESSION and ROUTEID back as one Cookie header', async () => {
    const log: Exchange[] = [];
    const sl = client({ fetch: recordingFetch(log) });
    const bp = await sl.get<{ CardCode: string; CardName: string }>("BusinessPartners('C76123456')", { select: ['CardCode', 'CardName'] });
    expect(bp).toMatchObject({ CardCode: 'C76123456', CardName: 'Comercial Los Andes SpA' });

    expect(log.map((e) => `${e.method} ${e.url.replace(mock.url, '')} ${e.status}`)).toEqual([
      'POST /Login 200',
      "GET /BusinessPartners('C76123456')?$select=CardCode%2CCardName 200",
    ]);
    const session = /B1SESSION=([^;]+)/.exec(log[0].setCookies.join('\n'))![1];
    const route = /ROUTEID=([^;]*)/.exec(log[0].setCookies.join('\n'))![1];
    expect(log[0].cookie).toBeUndefined();
    expect(log[1].cookie).toBe(`B1SESSION=${session}; ROUTEID=${route}`);

    await sl.get('Countries', { select: ['Code'] });
    expect(logins(log)).toHaveLength(1);
    expect(log[2].cookie).toBe(log[1].cookie);
  });

  it('shares one login between concurrent first calls', async () => {
    const log: Exchange[] = [];
    const sl = client({ fetch: recordingFetch(log) });
    mock.setLatency(30);
    const results = await Promise.all([
      sl.get<{ CardCode: string }>("BusinessPartners('C76123456')", { select: ['CardCode'] }),
      sl.get<{ CardCode: string }>("BusinessPartners('C76234567')", { select: ['CardCode'] }),
      sl.get<{ value: unknown[] }>('Countries'),
    ]);
    expect(results[0].CardCode).toBe('C76123456');
    expect(results[1].CardCode).toBe('C76234567');
    expect(results[2].value.length).toBeGreaterThan(0);
    expect(logins(log)).toHaveLength(1);
    expect(sl.loginCount).toBe(1);
  });

  it('after the ERP expires every session, logs in again exactly once and replays the call', async () => {
    const log: Exchange[] = [];
    const sl = client({ fetch: recordingFetch(log) });
    await sl.get("BusinessPartners('C76123456')", { select: ['CardCode'] });
    mock.expireAllSessions();

    const [a, b] = await Promise.all([
      sl.get<{ CardCode: string }>("BusinessPartners('C76123456')", { select: ['CardCode'] }),
      sl.get<{ CardCode: string }>("BusinessPartners('C77345678')", { select: ['CardCode'] }),
    ]);
    expect([a.CardCode, b.CardCode]).toEqual(['C76123456', 'C77345678']);
    expect(logins(log)).toHaveLength(2); // the first one, and one re-login shared by both calls
    expect(log.filter((e) => e.status === 401)).toHaveLength(2);
    const cookies = new Set(log.filter((e) => e.cookie).map((e) => e.cookie));
    expect(cookies.size).toBe(2); // old session, new session
  });

  it('does not throw away a fresh session when a late call comes back 401 with the old one', async () => {
    const log: Exchange[] = [];
    const record = recordingFetch(log);
    // The second call leaves with the old cookie but reaches the ERP only after the first call has logged in again
    // and been answered with the new session (waited for, not guessed with a delay that a loaded machine outruns).
    let firstDone!: () => void;
    const firstAnsweredAgain = new Promise<void>((resolve) => (firstDone = resolve));
    const sl = client({
      fetch: async (url, init) => {
        if (url.includes('C77345678') && init.headers.Cookie === log.find((e) => e.cookie)?.cookie) await firstAnsweredAgain;
        const response = await record(url, init);
        if (url.includes('C76123456') && logins(log).length === 2 && response.status === 200) firstDone();
        return response;
      },
    });
    await sl.get("BusinessPartners('C76123456')", { select: ['CardCode'] });
    mock.expireAllSessions();
    await Promise.all([
      sl.get("BusinessPartners('C76123456')", { select: ['CardCode'] }),
      sl.get("BusinessPartners('C77345678')", { select: ['CardCode'] }),
    ]);
    expect(logins(log)).toHaveLength(2);
  });

  it('gives a clear error, not a loop, when the session expired and the credentials are now refused', async () => {
    const log: Exchange[] = [];
    let loginsSeen = 0;
    // The ERP password changes while the portal runs: the second login sends a wrong one.
    const sl = client({
      fetch: recordingFetch(log, (url, body) => (url.endsWith('/Login') && ++loginsSeen > 1 ? body!.replace('"manager"}', '"cambiada"}') : body)),
    });
    await sl.get('Countries');
    mock.expireAllSessions();
    const error = await sl.get('Countries').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpError);
    expect(error).toMatchObject({ status: 503, code: 'ERP_AUTH', message: 'El portal no pudo iniciar sesión en el ERP', upstreamStatus: 401 });
    expect(logins(log)).toHaveLength(2);
    expect(log.map((e) => e.status)).toEqual([200, 200, 401, 401]);
  });

  it('rejects bad credentials at the first login with the same clear error', async () => {
    const log: Exchange[] = [];
    const sl = client({ password: 'incorrecta', fetch: recordingFetch(log) });
    await expect(sl.get('Countries')).rejects.toMatchObject({ status: 503, code: 'ERP_AUTH' });
    expect(log).toHaveLength(1);
    // the next call tries once more (the configuration may have been fixed), still without looping
    await expect(sl.get('Countries')).rejects.toMatchObject({ code: 'ERP_AUTH' });
    expect(log).toHaveLength(2);
  });

  it('logs out (204) and logs in again on the next call', async () => {
    const log: Exchange[] = [];
    const sl = client({ fetch: recordingFetch(log) });
    await sl.login();
    expect(sl.hasSession).toBe(true);
    await sl.logout();
    expect(sl.hasSession).toBe(false);
    expect(log.map((e) => `${e.method} ${e.url.replace(mock.url, '')} ${e.status}`)).toEqual(['POST /Login 200', 'POST /Logout 204']);
    await sl.get('Countries');
    expect(logins(log)).toHaveLength(2);
  });
});

describe('paging', () => {
  it('follows next links with Prefer: odata.maxpagesize until the last page, keeping the filter', async () => {
    const log: Exchange[] = [];
    const sl = client({ fetch: recordingFetch(log) });
    const rows = await sl.getAll<{ ItemCode: string; U_Estilo: string }>(
      'Items',
      { select: ['ItemCode', 'U_Estilo'], filter: "startswith(ItemCode, 'POL-')", orderby: 'ItemCode' },
      { pageSize: 7 },
    );
    const pages = log.filter((e) => e.url.includes('/Items'));
    expect(rows.length).toBeGreaterThan(14);
    expect(pages).toHaveLength(Math.ceil(rows.length / 7));
    expect(pages.every((p) => p.prefer === 'odata.maxpagesize=7')).toBe(true);
    expect(rows.every((r) => r.ItemCode.startsWith('POL-'))).toBe(true);
    expect(new Set(rows.map((r) => r.ItemCode)).size).toBe(rows.length);
    expect(rows.map((r) => r.ItemCode)).toEqual([...rows.map((r) => r.ItemCode)].sort());
  });

  it('in parallel: the first page asks for the total, the rest are $skip/$top windows of the page the ERP gave, a few at a time', async () => {
    const capped = await startB1Mock({ maxPageSize: 40, latencyMs: 20 });
    try {
      const log: Exchange[] = [];
      let inFlight = 0;
      let most = 0;
      const counting: FetchLike = async (url, init) => {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await recordingFetch(log)(url, init);
        } finally {
          inFlight--;
        }
      };
      const sl = new ServiceLayerClient({ baseUrl: capped.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000, fetch: counting });
      const query = { select: ['ItemCode', 'U_Estilo'], filter: "SalesItem eq 'tYES'", orderby: 'ItemCode' };
      const rows = await sl.getAll<{ ItemCode: string }>('Items', query, { pageSize: 1000, concurrency: 3 });
      const sequential = await client().getAll<{ ItemCode: string }>('Items', query, { pageSize: 7 });
      expect(rows).toEqual(sequential);
      expect(rows).toHaveLength(capped.data.Items.length);

      const pages = log.filter((e) => e.url.includes('/Items')).map((e) => decodeURIComponent(e.url.replace(capped.url, '')));
      expect(pages).toHaveLength(Math.ceil(rows.length / 40));
      const [first, ...rest] = pages; // the log is in the order the answers came: the windows run at once
      expect(first).toContain('$inlinecount=allpages');
      // the ERP answered pages of 40 (not the 1000 asked): windows of 40, and the last one without $top, to the end
      const skipOf = (p: string) => Number(/\$skip=(\d+)$/.exec(p)?.[1]);
      const windows = rest.filter((p) => /\$top=40&\$skip=\d+$/.test(p));
      const toTheEnd = rest.filter((p) => !p.includes('$top'));
      expect(windows).toHaveLength(rest.length - 1);
      expect(toTheEnd).toHaveLength(1);
      expect(skipOf(toTheEnd[0]!)).toBeGreaterThan(Math.max(...windows.map(skipOf)));
      expect(pages.every((p) => p.includes("$filter=SalesItem eq 'tYES'") && p.includes('$orderby=ItemCode'))).toBe(true);
      expect(log.filter((e) => e.url.includes('/Items')).every((e) => e.prefer === 'odata.maxpagesize=1000')).toBe(true);
      expect(most).toBe(3);
    } finally {
      await capped.close();
    }
  });

  it('in parallel: one failed window fails the read; an ERP that sends no total is read one page after another', async () => {
    const sl = client();
    mock.setFaults({ errorRate: 0.5 });
    await expect(sl.getAll('Items', { select: ['ItemCode'] }, { pageSize: 20, concurrency: 4 })).rejects.toMatchObject({ code: 'ERP_UNAVAILABLE' });
    mock.setFaults({ errorRate: 0 });

    const seen: string[] = [];
    const noCount: FetchLike = async (url) => {
      if (url.endsWith('/Login')) return new Response('{"SessionId":"s1"}', { status: 200, headers: { 'set-cookie': 'B1SESSION=s1; HttpOnly' } });
      seen.push(url.replace('https://erp.example.cl:50000/b1s/v1/', ''));
      const skip = Number(/\$skip=(\d+)/.exec(url)?.[1] ?? 0);
      const value = [{ ItemCode: `A${skip}` }, { ItemCode: `A${skip + 1}` }];
      return new Response(JSON.stringify({ value, ...(skip < 4 ? { 'odata.nextLink': `Items?$skip=${skip + 2}` } : {}) }), { status: 200 });
    };
    const plain = new ServiceLayerClient({ baseUrl: 'https://erp.example.cl:50000/b1s/v1', company: 'X', user: 'u', password: 'p', fetch: noCount });
    const rows = await plain.getAll<{ ItemCode: string }>('Items', { select: ['ItemCode'] }, { pageSize: 2, concurrency: 4 });
    expect(rows.map((r) => r.ItemCode)).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'A5']);
    expect(seen).toEqual(['Items?$select=ItemCode&$inlinecount=allpages', 'Items?$skip=2&$select=ItemCode&$inlinecount=allpages', 'Items?$skip=4&$select=ItemCode&$inlinecount=allpages']);
  });

  it('v2: asks for the total with $count=true', async () => {
    const seen: string[] = [];
    const v2: FetchLike = async (url) => {
      if (url.endsWith('/Login')) return new Response('{"SessionId":"s1"}', { status: 200, headers: { 'set-cookie': 'B1SESSION=s1; HttpOnly' } });
      seen.push(url.replace('https://erp.example.cl:50000/b1s/v2/', ''));
      const skip = Number(/\$skip=(\d+)/.exec(url)?.[1] ?? 0);
      const body = { value: [{ Code: `C${skip}` }, { Code: `C${skip + 1}` }], '@odata.count': 5, ...(skip === 0 ? { '@odata.nextLink': 'States?$skip=2' } : {}) };
      return new Response(JSON.stringify(skip >= 4 ? { value: [{ Code: 'C4' }] } : body), { status: 200 });
    };
    const sl = new ServiceLayerClient({ baseUrl: 'https://erp.example.cl:50000/b1s/v2', company: 'X', user: 'u', password: 'p', fetch: v2 });
    const rows = await sl.getAll<{ Code: string }>('States', { select: ['Code'] }, { pageSize: 2, concurrency: 2 });
    expect(rows.map((r) => r.Code)).toEqual(['C0', 'C1', 'C2', 'C3', 'C4']);
    expect(seen).toEqual(['States?$select=Code&$count=true', 'States?$select=Code&$top=2&$skip=2', 'States?$select=Code&$skip=4']);
  });

  it('reads a whole collection whatever the page size', async () => {
    const sl = client();
    const small = await sl.getAll<{ Code: string }>('States', { select: ['Code', 'Country'] }, { pageSize: 5 });
    const big = await sl.getAll<{ Code: string }>('States', { select: ['Code', 'Country'] }, { pageSize: 500 });
    expect(small).toEqual(big);
    expect(small.length).toBe(26);
  });
});

describe('next link forms (v1 and v2 sources disagree: all are accepted)', () => {
  /** A Service Layer that answers Login and three pages of 'Items', the next link in the given form. */
  function pagedFetch(form: (skip: number) => Record<string, string>, seen: string[]): FetchLike {
    return async (url) => {
      if (url.endsWith('/Login')) return new Response('{"SessionId":"s1"}', { status: 200, headers: { 'set-cookie': 'B1SESSION=s1; HttpOnly' } });
      seen.push(url.replace('https://erp.example.cl:50000/b1s/v1/', ''));
      const skip = Number(/\$skip=(\d+)/.exec(url)?.[1] ?? 0);
      const value = [{ ItemCode: `A${skip}` }, { ItemCode: `A${skip + 1}` }];
      return new Response(JSON.stringify({ value, ...(skip < 4 ? form(skip + 2) : {}) }), { status: 200 });
    };
  }
  const read = (fetchImpl: FetchLike) =>
    new ServiceLayerClient({ baseUrl: 'https://erp.example.cl:50000/b1s/v1/', company: 'X', user: 'u', password: 'p', fetch: fetchImpl })
      .getAll<{ ItemCode: string }>('Items', { select: ['ItemCode'], filter: "ItemCode ne 'Z'" }, { pageSize: 2 });
  const all = ['A0', 'A1', 'A2', 'A3', 'A4', 'A5'];

  it('v1 link relative to the root, without the query options it was asked with', async () => {
    const seen: string[] = [];
    expect((await read(pagedFetch((skip) => ({ 'odata.nextLink': `Items?$skip=${skip}` }), seen))).map((r) => r.ItemCode)).toEqual(all);
    expect(seen).toEqual([
      "Items?$select=ItemCode&$filter=ItemCode%20ne%20'Z'",
      "Items?$skip=2&$select=ItemCode&$filter=ItemCode%20ne%20'Z'",
      "Items?$skip=4&$select=ItemCode&$filter=ItemCode%20ne%20'Z'",
    ]);
  });

  it('v1 link rooted at /b1s/v1, and v2 @odata.nextLink as an absolute URL of another host', async () => {
    const rooted: string[] = [];
    await read(pagedFetch((skip) => ({ 'odata.nextLink': `/b1s/v1/Items?$select=ItemCode&$skip=${skip}` }), rooted));
    expect(rooted[1]).toBe("Items?$select=ItemCode&$skip=2&$filter=ItemCode%20ne%20'Z'");
    const absolute: string[] = [];
    const rows = await read(pagedFetch((skip) => ({ '@odata.nextLink': `https://10.0.0.5:50000/b1s/v2/Items?$skip=${skip}` }), absolute));
    expect(rows.map((r) => r.ItemCode)).toEqual(all);
    expect(absolute[2]).toBe("Items?$skip=4&$select=ItemCode&$filter=ItemCode%20ne%20'Z'");
  });

  it('stops with an error when the ERP keeps sending the same link', async () => {
    const loop: FetchLike = async (url) =>
      url.endsWith('/Login')
        ? new Response('{"SessionId":"s1"}', { status: 200 })
        : new Response(JSON.stringify({ value: [{ ItemCode: 'A' }], 'odata.nextLink': 'Items?$skip=1' }), { status: 200 });
    await expect(read(loop)).rejects.toMatchObject({ status: 503, code: 'ERP_BAD_RESPONSE' });
  });
});

describe('errors', () => {
  it('maps a missing key (-2028) to 404', async () => {
    const error = await client().get("BusinessPartners('NOEXISTE')").catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'ERP_NOT_FOUND', erpCode: -2028, upstreamStatus: 404 });
  });

  it('maps a business-rule refusal (-10) to 400 with the ERP text', async () => {
    const error = await client()
      .post('Orders', { CardCode: 'C76123456', DocDueDate: '2026-12-01', DocumentLines: [{ ItemCode: 'NO-EXISTE', Quantity: 1 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErpError);
    expect(error).toMatchObject({ status: 400, code: 'ERP_REJECTED', erpCode: -10, upstreamStatus: 400 });
    expect((error as ErpError).message).toBe((error as ErpError).erpMessage);
    expect((error as ErpError).message.length).toBeGreaterThan(0);
  });

  it('maps 5xx answers to 503 in Spanish', async () => {
    const sl = client();
    await sl.login();
    mock.setFaults({ errorRate: 1 });
    const error = await sl.get('Countries').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE', message: 'El ERP no está disponible' });
    expect((error as ErpError).upstreamStatus).toBeGreaterThanOrEqual(500);
    expect((error as ErpError).userMessage).toBe(' El ERP no está disponible, intentelo mas tarde (B1) ');
  });

  it('maps a refused connection to 503', async () => {
    mock.setFaults({ refuse: true });
    const error = await client().get('Countries').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE', message: 'El ERP no está disponible' });
  });

  it('maps a port where nothing listens to 503 ECONNREFUSED', async () => {
    const gone = await startB1Mock();
    const url = gone.url;
    await gone.close();
    const error = await new ServiceLayerClient({ baseUrl: url, company: 'SBODEMOCL', user: 'manager', password: 'manager' }).get('Countries').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE', erpMessage: 'ECONNREFUSED' });
  });

  it('gives up on a hung ERP after the configured timeout', async () => {
    const sl = client({ timeoutMs: 300 });
    await sl.login();
    mock.setFaults({ hang: true });
    const started = Date.now();
    const error = await sl.get('Countries').catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({ status: 503, code: 'ERP_TIMEOUT', message: 'El ERP no respondió a tiempo' });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('times out a hung login too', async () => {
    mock.setFaults({ hang: true });
    await expect(client({ timeoutMs: 200 }).get('Countries')).rejects.toMatchObject({ code: 'ERP_TIMEOUT' });
  });
});

describe('writes', () => {
  it('PATCHes (204) keeping omitted fields, and POSTs an entity (201)', async () => {
    const sl = client();
    await sl.patch("BusinessPartners('C77345678')", { Phone1: '612000000' });
    const bp = await sl.get<{ Phone1: string; CardName: string }>("BusinessPartners('C77345678')", { select: ['Phone1', 'CardName'] });
    expect(bp).toEqual(expect.objectContaining({ Phone1: '612000000', CardName: 'Boutique Austral SpA' }));

    const order = await sl.post<{ DocEntry: number; CardCode: string; NumAtCard: string }>('Orders', {
      CardCode: 'C77345678', DocDueDate: '2026-12-01', NumAtCard: 'OC999001', DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 6 }],
    });
    expect(order).toMatchObject({ CardCode: 'C77345678', NumAtCard: 'OC999001' });
    expect(order!.DocEntry).toBeGreaterThan(0);
  });
});
