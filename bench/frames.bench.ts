// What reading frames costs as a run grows: the workbench's live pane adds frames one at a
// time, and a learner's program that floods the wire with short lines must not make each
// new frame dearer than the last. The figure is the cost of one frame late in a long run
// against one frame early in it (same process, interleaved), beside the same ratio for the
// control: reading each frame on its own (readFrame, no pairing, results kept just the
// same), which cannot depend on what came before. Equal ratios mean the pane is linear;
// what both share is the memory a long run keeps.
import { performance } from 'node:perf_hooks';
import { FrameViews } from '../components/frames/view.ts';
import { readFrame } from '../sandbox/wire/read.ts';
import type { FrameRecord } from '../sandbox/wire/record.ts';

const REPS = Number(process.env.BENCH_REPS ?? 5);
const SHORT = 2_000;
const LONG = 40_000;

function frames(n: number): FrameRecord[] {
  const out: FrameRecord[] = [];
  for (let i = 0; i < n; i++) {
    // Requests and their replies, some notifications and stray lines, as a flood looks.
    const id = Math.floor(i / 2);
    const text =
      i % 10 === 9
        ? `log line ${i}`
        : i % 2 === 0
          ? JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })
          : JSON.stringify({ jsonrpc: '2.0', id, result: {} });
    out.push({ seq: i, t: i, dir: i % 2 === 0 ? 'c2s' : 's2c', transport: 'stdio', text });
  }
  return out;
}

/** ms per frame for adding n frames one at a time. */
function perFrame(records: FrameRecord[]): number {
  const views = new FrameViews();
  const started = performance.now();
  for (const record of records) views.add(record);
  return (performance.now() - started) / records.length;
}

/** The control: ms per frame for reading each frame alone, keeping the readings. */
function perFrameAlone(records: FrameRecord[]): number {
  const kept: unknown[] = [];
  const started = performance.now();
  for (const record of records) kept.push(readFrame(record));
  return (performance.now() - started) / records.length;
}

const short = frames(SHORT);
const long = frames(LONG);
perFrame(short); // warm up the JIT and the SDK's schemas
perFrameAlone(short);
const runs = {
  early: [] as number[],
  late: [] as number[],
  earlyAlone: [] as number[],
  lateAlone: [] as number[],
};
for (let i = 0; i < REPS; i++) {
  runs.early.push(perFrame(short));
  runs.earlyAlone.push(perFrameAlone(short));
  runs.late.push(perFrame(long));
  runs.lateAlone.push(perFrameAlone(long));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const us = (ms: number) => `${(ms * 1000).toFixed(1).padStart(6)} µs/frame`;
const [e, l, ea, la] = [runs.early, runs.late, runs.earlyAlone, runs.lateAlone].map(median) as [
  number,
  number,
  number,
  number,
];
console.log(`frames read one at a time, ${REPS} interleaved repetitions, medians:`);
console.log(
  `  pane model (read + pair + view)   ${SHORT} frames ${us(e)}   ${LONG} frames ${us(l)}   x${(l / e).toFixed(2)}`,
);
console.log(
  `  control (readFrame alone)         ${SHORT} frames ${us(ea)}   ${LONG} frames ${us(la)}   x${(la / ea).toFixed(2)}`,
);
console.log(
  `ratio late/early, pane against control: ${(l / e / (la / ea)).toFixed(2)} (1.00 = linear)`,
);
