// How much memory the learner's program may take, and how a run that hit the limit is told
// from any other crash. Two caps, because Node keeps memory in two places: V8's heap (objects,
// strings), capped by --max-old-space-size on the program's own Node, and everything else
// (Buffers, typed arrays, native code), capped by the address space each process of the run
// may map (RLIMIT_AS, set by the namespace's init: pid-namespace.ts). Node reserves about
// 1.4 GiB of address space before it runs a line, and V8 shrinks its reservations to fit, so
// 2 GiB of address space leaves a program about 0.7 GB resident, a Buffer flood included,
// while every exercise's solution (the SDK, fetch's WebAssembly parser) runs well inside it.
// A cgroup's memory.max would count resident memory itself; the machines this runs on
// (a laptop's user, CI's root in a container) cannot be relied on to delegate one.

/**
 * V8's old-space cap for the program's Node, in MB: far above what any exercise needs, and
 * small enough that V8's last collections before it gives up take seconds, not a minute.
 */
export const HEAP_LIMIT_MB = 256;
/** The address space each process of a contained run may map, in KiB (`ulimit -v`). */
export const ADDRESS_SPACE_KIB = 2 * 1024 * 1024;
/** The limit as a learner reads it. */
export const MEMORY_LIMIT_TEXT = `a heap of ${HEAP_LIMIT_MB} MB, about 0.7 GB in all`;

/** Node's own flags for the program: the heap cap. */
export function heapFlags(): string[] {
  return [`--max-old-space-size=${HEAP_LIMIT_MB}`];
}

// What Node and V8 print when an allocation fails: the heap's limit, the address space's, or
// a Buffer that could not be had (thrown as a RangeError the program did not catch).
const OUT_OF_MEMORY =
  /JavaScript heap out of memory|Fatal process out of memory|Array buffer allocation failed|Cannot allocate memory/;

/** Whether a program that crashed did so for want of memory, by what it printed last. */
export function ranOutOfMemory(stderr: string): boolean {
  return OUT_OF_MEMORY.test(stderr.slice(-4_000));
}
