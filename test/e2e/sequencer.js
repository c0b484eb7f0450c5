import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { URL } from 'node:url';
import Sequencer from '@jest/test-sequencer';

// `--shard=i/n` of the browser tests: each shard runs in a jest of its own with its own portal (globalSetup), so the
// shards share no data and run at the same time (.ci/run). Files are dealt out longest first to the shard with the
// least time so far, by the seconds each file took in a whole run (durations.json; a file not listed counts as the
// median). Jest's own sharding splits by a hash of the path, which left one shard with most of the long files. Within
// a shard the files run largest first, as jest orders them on a clean clone: the same order on every machine, whatever
// jest remembers of earlier runs.
const durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8'));
const known = Object.values(durations).sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 1;
const secondsOf = (test) => durations[path.basename(test.path)] ?? median;

export default class BalancedSequencer extends (Sequencer.default ?? Sequencer) {
  shard(tests, { shardIndex, shardCount }) {
    const loads = Array.from({ length: shardCount }, () => ({ seconds: 0, tests: [] }));
    const ordered = [...tests].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.path < b.path ? -1 : 1));
    for (const test of ordered) {
      const lightest = loads.reduce((min, load) => (load.seconds < min.seconds ? load : min));
      lightest.seconds += secondsOf(test);
      lightest.tests.push(test);
    }
    return loads[shardIndex - 1].tests;
  }

  sort(tests) {
    const size = (test) => statSync(test.path).size;
    return [...tests].sort((a, b) => size(b) - size(a) || (a.path < b.path ? -1 : 1));
  }
}
