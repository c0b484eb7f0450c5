// `npm run cluster`: the deployed topology on this machine (cluster.ts), for a person or a browser/load test to use
// through the proxy's URL. The npm script builds the SPA and the server bundle first when they are stale (as
// `npm start` does).
// CLUSTER_PORT moves every port (default 5100: the proxy; 5101… the instances); DATABASE_URL or PG_URL name the
// PostgreSQL (else one of its own). Ctrl-C stops everything.
import { startCluster } from './cluster';

async function main() {
  const cluster = await startCluster();
  const lines = [
    '',
    `Portal en ${cluster.url}  (HAProxy delante de ${cluster.instances.length} instancias; configuración en ${cluster.proxy.configFile})`,
    ...cluster.instances.map((i) => `  instancia ${i.name}: ${i.url} (pid ${i.child?.pid})`),
    `Base de datos: ${cluster.database.description}`,
    `Sustitutos compartidos: SAP B1 ${cluster.b1.url}; WebPay ${cluster.webpay.url}; Khipu ${cluster.khipu.url}; archivos en el sustituto de S3`,
    'Usuarios de demostración (rut / contraseña):',
    ...cluster.demoLogins.map((l) => `  ${l.rut.padEnd(13)} ${l.password.padEnd(10)} ${l.note}`),
    'Ctrl-C detiene todo.',
    '',
  ];
  console.log(lines.join('\n'));
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log('deteniendo el cluster…');
      cluster.stop().then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
