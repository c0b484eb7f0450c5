// What Linux's /proc says of a bench's server processes.
import { readFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in ms (utime and stime, in clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
