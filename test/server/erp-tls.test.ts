// An ERP behind https with a self-signed certificate (the usual Service Layer on port 50000): refused by default,
// accepted with `ca` or with `rejectUnauthorized: false`. An https proxy with a throw-away certificate fronts the stand-in.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { ServiceLayerClient } from '@server/erp/serviceLayer';

// Self-signed for 127.0.0.1 / localhost, valid until 2126; a test fixture, not a secret.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgWl0Ecg4yxQHdH/ei
TjCLTWj28GIGtb44GrlePUniUP+hRANCAARv50sEQAQnXqzYDxKM3doZRjBKFvQn
lwazWK3G0nfLKcxhmQBO8M4k9MkyrcJA5IDoJu6snX8EHVxXjc/JlTRW
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUQFZyachZE5C2OXzLFRwG+sGvlV8wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMjAzMTc1OFoYDzIxMjYxMDI5
MDMxNzU4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAARv50sEQAQnXqzYDxKM3doZRjBKFvQnlwazWK3G0nfLKcxhmQBO8M4k
9MkyrcJA5IDoJu6snX8EHVxXjc/JlTRWo28wbTAdBgNVHQ4EFgQUsR6+7W6Thdzs
OmdMQFDtTYaIJbYwHwYDVR0jBBgwFoAUsR6+7W6ThdzsOmdMQFDtTYaIJbYwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSQAwRgIhANnR9yS850APKbM6WF5DBDpgR03tki/mUYx2eAuPLtctAiEA
zktBZYpBF4lAZOLMFTYHk322Fdf81bdXQ1NtrsWCI8k=
-----END CERTIFICATE-----`;

let mock: B1Mock;
let proxy: https.Server;
let baseUrl: string;

beforeAll(async () => {
  mock = await startB1Mock();
  const target = new URL(mock.url).origin;
  proxy = https.createServer({ key: KEY, cert: CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const headers: Record<string, string> = {};
      for (const name of ['cookie', 'content-type', 'prefer', 'b1s-replacecollectionsonpatch']) {
        if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string;
      }
      const body = chunks.length ? Buffer.concat(chunks).toString() : undefined;
      try {
        const answer = await fetch(target + req.url, { method: req.method, headers, body });
        const setCookies = answer.headers.getSetCookie();
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
          ...(setCookies.length ? { 'set-cookie': setCookies } : {}),
        });
        res.end(answer.status === 204 ? undefined : Buffer.from(await answer.arrayBuffer()));
      } catch {
        res.destroy(); // the stand-in went away (a hung request at close)
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(proxy.address() as AddressInfo).port}/b1s/v1`;
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await mock.close();
});

const client = (extra: { rejectUnauthorized?: boolean; ca?: string; timeoutMs?: number }) =>
  new ServiceLayerClient({ baseUrl, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000, ...extra });

describe('ERP over https with a self-signed certificate', () => {
  it('refuses the certificate by default (503, the ERP is unavailable)', async () => {
    await expect(client({}).get('Countries')).rejects.toMatchObject({ status: 503, code: 'ERP_UNAVAILABLE' });
  });

  it("trusts it when given the ERP's CA, with sessions and paging as usual", async () => {
    const sl = client({ ca: CERT });
    const states = await sl.getAll<{ Code: string }>('States', { select: ['Code', 'Country'], filter: "Country eq 'CL'" }, { pageSize: 5 });
    expect(states).toHaveLength(16);
    expect(sl.loginCount).toBe(1);
    mock.expireAllSessions();
    const bp = await sl.get<{ CardName: string }>("BusinessPartners('C76123456')", { select: ['CardName'] });
    expect(bp.CardName).toBe('Comercial Los Andes SpA');
    expect(sl.loginCount).toBe(2);
    await sl.logout();
  });

  it('accepts it with rejectUnauthorized: false, and still maps ERP errors and timeouts', async () => {
    const sl = client({ rejectUnauthorized: false, timeoutMs: 300 });
    await expect(sl.get("BusinessPartners('NOEXISTE')")).rejects.toMatchObject({ status: 404, erpCode: -2028 });
    mock.setFaults({ hang: true });
    try {
      await expect(sl.get('Countries')).rejects.toMatchObject({ code: 'ERP_TIMEOUT' });
    } finally {
      mock.setFaults({ hang: false });
    }
  });
});
