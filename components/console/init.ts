// The wire console's eager part: nothing but the Start button. The runtime, the frame pane
// and the wire's reading (with the SDK's schemas) load on the first click, so the page reads
// as text first and boots nothing without a gesture.
export function initConsole(root: HTMLElement): void {
  const start = root.querySelector<HTMLButtonElement>('[data-console-start]');
  if (!start) return;
  start.hidden = false;
  start.addEventListener(
    'click',
    () => {
      start.disabled = true;
      void import('./console.ts').then((m) => m.startConsole(root));
    },
    { once: true },
  );
  root.dataset.ready = '';
}
