// What must happen if the harness's process exits mid-run: kill a run's processes, remove its
// folders. Every run registers a few such steps, and a process that judges many runs at once
// (`exercise fixtures --jobs N`, the workshop's endpoint) would pass Node's limit of ten
// listeners on one event and print a leak warning a learner cannot act on. One listener runs
// them all.
let steps: (() => void)[] = [];
let listening = false;

function runAll(): void {
  for (const step of [...steps]) {
    try {
      step();
    } catch {
      // One failed clean-up must not keep the others from running.
    }
  }
}

/**
 * Run `step` if the process exits before the returned release is called. `first` puts it
 * before the steps already registered (a search that follows the process tree must run
 * before the kills that break it up).
 */
export function atExit(step: () => void, first = false): () => void {
  steps = first ? [step, ...steps] : [...steps, step];
  if (!listening) {
    listening = true;
    process.on('exit', runAll);
  }
  return () => {
    steps = steps.filter((s) => s !== step);
  };
}
