import { createServer } from 'node:net';

// A loopback port for a server a test starts (often in another process). Not one the system hands out for port 0:
// a port from the ephemeral range, freed here, can be given to any other listen(0) (a stand-in, a parallel test file)
// before the process it was meant for binds it. This picks from below that range (20000–31999) and checks it is free.

const LOW = 20_000;
const SPAN = 12_000;

function tryPort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A loopback port nobody uses right now, outside the range the system picks from for port 0. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW + Math.floor(Math.random() * SPAN);
    if (await tryPort(port)) return port;
  }
  throw new Error(`no free port between ${LOW} and ${LOW + SPAN - 1}`);
}
