// The cluster's PostgreSQL: the one named by DATABASE_URL (used as it is), a fresh database created on the server of
// PG_URL (dropped at the end), or a throw-away server of its own from Debian's binaries (initdb, pg_ctl) in a temp
// folder, run as the `postgres` user when this process is root (PostgreSQL refuses to run as root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface ClusterDatabase {
  url: string;
  /** What it is, for the start-up lines. */
  description: string;
  stop(): Promise<void>;
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Debian's newest PostgreSQL binaries folder (/usr/lib/postgresql/<ver>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error('No hay PostgreSQL de Debian (/usr/lib/postgresql): apt-get install -y postgresql, o DATABASE_URL / PG_URL');
  return path.join(root, versions[0]!, 'bin');
}

/** Runs a PostgreSQL binary, as `postgres` when this process is root. */
function runPg(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

/** A server of its own on `port`: initdb (trust, loopback only), pg_ctl start; stop removes everything. */
async function ownServer(port: number): Promise<ClusterDatabase> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  runPg(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200`;
  runPg(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    description: `PostgreSQL propio en 127.0.0.1:${port} (${dir}, se borra al terminar)`,
    async stop() {
      try {
        runPg(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * DATABASE_URL: that database, kept. PG_URL: a new database `cluster_<pid>_<n>` on that server, dropped by stop().
 * Neither: a server of its own on `port`.
 */
export async function clusterDatabase(env: NodeJS.ProcessEnv, port: number): Promise<ClusterDatabase> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, description: 'PostgreSQL de DATABASE_URL', stop: async () => {} };
  if (env.PG_URL) {
    const name = `cluster_${process.pid}_${Date.now() % 1_000_000}`;
    await admin(env.PG_URL, `create database ${name}`);
    const url = new URL(env.PG_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      description: `base ${name} en el PostgreSQL de PG_URL (se borra al terminar)`,
      stop: () => admin(env.PG_URL!, `drop database if exists ${name} with (force)`),
    };
  }
  return ownServer(port);
}
