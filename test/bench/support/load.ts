/**
 * A load for another core, until killed: `compute` (arithmetic in registers, no memory traffic) or
 * `memory` (sums a 64 MiB array over and over: streams memory as a busy server's heap and database do).
 * Started by hash-beside.bench.ts; prints `load ready` once running.
 */
import { stringFlag } from './cli';

const kind = stringFlag('kind', 'compute');
if (kind === 'memory') {
  const data = new Float64Array((64 * 1024 * 1024) / 8);
  process.stdout.write('load ready\n');
  let sum = 0;
  for (;;) {
    for (let i = 0; i < data.length; i += 8) sum += data[i]!++; // one read and write per 64-byte cache line
    if (sum < 0) break;
  }
} else {
  process.stdout.write('load ready\n');
  let x = 1;
  for (;;) {
    for (let i = 0; i < 1e7; i++) x = Math.sqrt(x + i);
    if (x < 0) break;
  }
}
