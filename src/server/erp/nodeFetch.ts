// A Service Layer is often served over https with a self-signed certificate. Node's global fetch cannot be given
// TLS options without the `undici` package (not a dependency here), so for that case this is a minimal
// fetch over node:https that honours `rejectUnauthorized` and an extra `ca`. Only what the client uses is
// supported: method, headers, a string body, an AbortSignal; the answer is a standard Response.
// Prefer NODE_EXTRA_CA_CERTS=<ca.pem> (trusts the ERP's CA for the global fetch) over turning verification off.
import http from 'node:http';
import https from 'node:https';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

export interface TlsOptions {
  /** false accepts a self-signed or otherwise unverifiable certificate (the ERP's LAN address). */
  rejectUnauthorized?: boolean;
  /** PEM of the certificate authority to trust in addition to the system ones. */
  ca?: string;
}

export function createNodeFetch(tls: TlsOptions): FetchLike {
  const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: tls.rejectUnauthorized ?? true, ca: tls.ca });
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const isHttps = target.protocol === 'https:';
      const request = (isHttps ? https : http).request(
        target,
        { method: init.method, headers: init.headers, agent: isHttps ? agent : undefined, signal: init.signal },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value === undefined) continue;
              for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
            }
            const status = res.statusCode ?? 502;
            const noBody = status === 204 || status === 304 || init.method === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      request.on('error', (error: Error & { name: string }) => {
        // Keep the same error names the global fetch gives, so the error mapping is shared.
        if (init.signal?.aborted) reject(init.signal.reason ?? error);
        else reject(Object.assign(new TypeError('fetch failed'), { cause: error }));
      });
      if (init.body !== undefined) request.write(init.body);
      request.end();
    });
}
