// The terminal pane without xterm until it has something to show: xterm is a third of the
// workbench's JavaScript, and until the first line arrives the pane shows its placeholder.
// What is written meanwhile is kept, in order, and played into xterm once it has loaded.
import type { TerminalPane } from './terminal.ts';

export function lazyTerminal(host: HTMLElement): TerminalPane {
  let pending: ((pane: TerminalPane) => void)[] = [];
  let pane: TerminalPane | undefined;
  let loading = false;
  const use = (op: (pane: TerminalPane) => void) => {
    if (pane) return op(pane);
    pending.push(op);
    if (loading) return;
    loading = true;
    void import('./terminal.ts').then(
      (m) => {
        pane = m.createTerminal(host);
        for (const queued of pending) queued(pane);
        pending = [];
      },
      () => {
        // A failed chunk load (the network dropped) is retried by the next line.
        loading = false;
      },
    );
  };
  return {
    write: (text) => use((p) => p.write(text)),
    note: (text) => use((p) => p.note(text)),
    clear: () => use((p) => p.clear()),
  };
}
