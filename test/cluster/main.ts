// `npm run cluster`: the deployed topology on this machine (cluster.ts), for a person or a browser/load test to use
// through the proxy's URL. The npm script builds the SPA and the server bundle first when they are stale (as
// `npm start` does).
// CLUSTER_PORT moves every port (default 5100: the proxy; 5101… the instances); DATABASE_URL or PG_URL name the
// PostgreSQL (else one of its own); CLUSTER_BUYERS=50 adds that many load buyers (users and ERP partners of their own,
// for `npm run cluster:load`). Ctrl-C stops everything.
import { rmSync, writeFileSync } from 'node:fs';
import { benchBuyers, benchErpData, benchSeedUsers } from '../bench/orders-buyers';
import { LOAD_INFO_FILE } from './buyers';
import { startCluster } from './cluster';

async function main() {
  // Ctrl-C while it starts stops it as soon as it is up (startCluster cleans up after itself if it fails)
  let stopRequested: (() => void) | undefined;
  const stopped = new Promise<void>((resolve) => (stopRequested = resolve));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopRequested?.());
  const buyers = benchBuyers(Number(process.env.CLUSTER_BUYERS ?? 0));
  let skus: string[] = [];
  const cluster = await startCluster({
    extraUsers: benchSeedUsers(buyers),
    prepareErp: (b1) => {
      if (buyers.length) skus = benchErpData(b1.data, buyers);
    },
    ...(buyers.length ? { instanceEnv: { LOGIN_MAX_PER_ADDRESS: '10000' } } : {}),
  });
  if (buyers.length) writeFileSync(LOAD_INFO_FILE, JSON.stringify({ url: cluster.url, buyers: buyers.length, skus }));
  const lines = [
    '',
    `Portal en ${cluster.url}  (HAProxy delante de ${cluster.instances.length} instancias; configuración en ${cluster.proxy.configFile})`,
    ...cluster.instances.map((i) => `  instancia ${i.name}: ${i.url} (pid ${i.child?.pid})`),
    `Base de datos: ${cluster.database.description}`,
    `Sustitutos compartidos: SAP B1 ${cluster.b1.url}; WebPay ${cluster.webpay.url}; Khipu ${cluster.khipu.url}; archivos en el sustituto de S3`,
    'Usuarios de demostración (rut / contraseña):',
    ...cluster.demoLogins.map((l) => `  ${l.rut.padEnd(13)} ${l.password.padEnd(10)} ${l.note}`),
    ...(buyers.length ? [`${buyers.length} compradores de carga (${buyers[0]!.rut}…, contraseña Bench1234): npm run cluster:load`] : []),
    'Ctrl-C detiene todo.',
    '',
  ];
  console.log(lines.join('\n'));
  await stopped;
  console.log('deteniendo el cluster…');
  await cluster.stop();
  if (buyers.length) rmSync(LOAD_INFO_FILE, { force: true });
  process.exit(0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
