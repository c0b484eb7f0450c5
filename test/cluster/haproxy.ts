// HAProxy from Debian's package in front of the portal instances: its configuration (written here, the one place the
// proxy's rules are), the process, and its runtime API (a Unix socket) to take an instance out and back in.
//
// The rules (docs/scale-out.md, "The cluster"):
//  - an instance gets requests while `GET /api/ready?only=database` answers 200 (its own database connection, not the
//    ERP every instance shares, so an ERP outage takes none out; checked every second; two failures take it out);
//  - a request that never reached an instance (the connection failed) is sent to another one, whatever its method;
//  - a request that reached an instance and got no answer, a 502/503/504 or a timeout is sent again to another
//    instance ONLY when it is idempotent: a GET or HEAD, or a request carrying an Idempotency-Key (the portal answers a
//    repeated key with the first answer). Any other request (a POST without a key: a login, a form) is never replayed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface ProxyBackend {
  name: string;
  port: number;
}

export interface ProxyOptions {
  /** Folder for the configuration file and the runtime socket. */
  dir: string;
  /** The port the proxy listens on (127.0.0.1). */
  port: number;
  backends: ProxyBackend[];
  /** The health check's path (default /api/ready?only=database); 'none' leaves the checks out (a test's raw backends). */
  healthPath?: string | 'none';
  /** `timeout server`: how long an instance may take to answer (default 60 s). */
  serverTimeout?: string;
}

/** The haproxy.cfg of the cluster. */
export function haproxyConfig(options: ProxyOptions): string {
  const check = options.healthPath !== 'none';
  const health = options.healthPath && options.healthPath !== 'none' ? options.healthPath : '/api/ready?only=database';
  return [
    'global',
    `  stats socket ${path.join(options.dir, 'haproxy.sock')} mode 600 level admin`,
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 90s',
    `  timeout server ${options.serverTimeout ?? '60s'}`,
    '  timeout http-request 15s',
    '  timeout queue 30s',
    '  option forwardfor',
    '',
    'frontend portal',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend instances',
    '',
    'backend instances',
    '  balance leastconn',
    ...(check ? [`  option httpchk GET ${health}`, '  http-check expect status 200'] : []),
    // up to 3 more tries, each on another instance (redispatch on every retry, not only the last)
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout 502 503 504',
    // a request the instance may have acted on is retried only when repeating it is harmless: GET/HEAD, a key the
    // portal answers once, or an order's submission to the ERP (its outbox job is keyed by the order: a repeat finds
    // the same job) — disable-l7-retry keeps the retry of a connection that failed: nothing was sent
    '  acl idempotent_method method GET HEAD',
    '  acl has_idempotency_key req.hdr(idempotency-key) -m found',
    '  acl order_submission path /api/user/b1/ov /api/user/b1/reserve',
    '  http-request disable-l7-retry unless idempotent_method || has_idempotency_key || order_submission',
    `  default-server${check ? ' check inter 1s fall 2 rise 2' : ''}`,
    ...options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`),
    '',
  ].join('\n');
}

/** The haproxy binary (Debian installs it at /usr/sbin/haproxy). */
export function haproxyBinary(): string {
  for (const candidate of [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', 'haproxy']) {
    if (candidate && spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  throw new Error('No se encontró haproxy: apt-get install -y haproxy (o HAPROXY_PATH)');
}

export interface Proxy {
  url: string;
  configFile: string;
  process: ChildProcess;
  /** Sends one command to the runtime API and answers its output. */
  command(line: string): Promise<string>;
  /** The state HAProxy gives each backend server ('UP', 'DOWN', 'MAINT', 'DRAIN', 'UP 1/2'…) and its current sessions. */
  servers(): Promise<Map<string, { status: string; sessions: number }>>;
  /** Sends no new request to `name` (maintenance) and waits until the requests it was given are answered. */
  drain(name: string, timeoutMs?: number): Promise<void>;
  /** Gives `name` requests again (its health checks decide when). */
  ready(name: string): Promise<void>;
  /** Waits until `name` is UP (or, with `up: false`, no longer UP). */
  waitFor(name: string, up?: boolean, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes the configuration, checks it (`haproxy -c`), starts HAProxy in the foreground and waits for its socket. */
export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const bin = haproxyBinary();
  const configFile = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig(options));
  const checked = spawnSync(bin, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`haproxy -c rechazó la configuración:\n${checked.stdout}${checked.stderr}`);
  const child = spawn(bin, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  const errors: string[] = [];
  child.stderr!.on('data', (d) => errors.push(String(d)));
  const socket = path.join(options.dir, 'haproxy.sock');

  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const conn = net.createConnection(socket);
      const chunks: Buffer[] = [];
      conn.on('connect', () => conn.end(`${line}\n`));
      conn.on('data', (c) => chunks.push(c));
      conn.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      conn.on('error', reject);
    });

  const servers = async () => {
    const csv = await command('show stat');
    const lines = csv.split('\n').filter(Boolean);
    const header = lines[0]!.replace(/^# /, '').split(',');
    const col = (name: string) => header.indexOf(name);
    const out = new Map<string, { status: string; sessions: number }>();
    for (const line of lines.slice(1)) {
      const f = line.split(',');
      if (f[col('pxname')] !== 'instances' || ['FRONTEND', 'BACKEND'].includes(f[col('svname')]!)) continue;
      out.set(f[col('svname')]!, { status: f[col('status')]!, sessions: Number(f[col('scur')]) });
    }
    return out;
  };

  const waitFor = async (name: string, up = true, timeoutMs = 30_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const status = (await servers()).get(name)?.status ?? '';
      if (up === (status === 'UP')) return;
      if (Date.now() > until) throw new Error(`HAProxy: ${name} sigue ${status}`);
      await sleep(100);
    }
  };

  const proxy: Proxy = {
    url: `http://127.0.0.1:${options.port}`,
    configFile,
    process: child,
    command,
    servers,
    async drain(name, timeoutMs = 30_000) {
      await command(`set server instances/${name} state maint`);
      const until = Date.now() + timeoutMs;
      while ((await servers()).get(name)!.sessions > 0 && Date.now() < until) await sleep(50);
    },
    async ready(name) {
      await command(`set server instances/${name} state ready`);
    },
    waitFor,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };

  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy terminó al iniciar:\n${errors.join('')}`);
    try {
      await servers();
      return proxy;
    } catch {
      if (Date.now() > until) throw new Error(`HAProxy no abrió su socket:\n${errors.join('')}`);
      await sleep(100);
    }
  }
}
