// Copy buttons for a lesson page, added by script (without it there is nothing to press, and
// the text is still there to select): one on each code block, and one on each frame that copies
// its bytes exactly as they crossed the wire (the message, with an SSE event's field lines).
// One polite live region says what was copied.

function announce(region: HTMLElement, text: string): void {
  region.textContent = '';
  // A fresh text node after a clear is announced again even when the words repeat.
  requestAnimationFrame(() => (region.textContent = text));
}

function button(label: string, title: string, take: () => string, region: HTMLElement) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'copy-btn';
  b.textContent = label;
  b.setAttribute('aria-label', title);
  b.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(take());
      b.textContent = 'Copied';
      announce(region, `${title}: done.`);
    } catch {
      b.textContent = 'Copy failed';
      announce(region, 'The browser did not allow copying; select the text instead.');
    }
    setTimeout(() => (b.textContent = label), 2000);
  });
  return b;
}

/** The frame's bytes: the SSE field lines if any, then the message exactly as recorded. */
export function frameBytes(frame: Element): string {
  const raw = frame.querySelector(':scope > .frame-raw pre');
  const prefix = raw?.querySelector('.sse-field')?.textContent ?? '';
  return prefix + (raw?.querySelector('code[data-raw]')?.textContent ?? '');
}

export function addCopyButtons(root: ParentNode = document): void {
  const region = document.createElement('p');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  document.body.append(region);
  for (const pre of root.querySelectorAll<HTMLPreElement>(
    '.prose pre.astro-code, .prose pre.shiki',
  )) {
    // A frame's highlighted JSON has the frame's own button, which copies the exact bytes.
    if (pre.closest('.frame')) continue;
    const wrap = document.createElement('div');
    wrap.className = 'copy-wrap';
    pre.replaceWith(wrap);
    wrap.append(
      pre,
      button('Copy', 'Copy code', () => pre.textContent ?? '', region),
    );
  }
  for (const frame of root.querySelectorAll<HTMLElement>('li.frame[id]')) {
    const head = frame.querySelector(':scope > .frame-head');
    if (!head || !frame.querySelector(':scope > .frame-raw')) continue;
    const seq = frame.querySelector('.frame-num')?.textContent ?? '';
    head.append(button('Copy', `Copy the bytes of frame ${seq}`, () => frameBytes(frame), region));
  }
}

/** Printing shows every fold open (raw bytes, quiz answers), then puts them back. */
export function openFoldsForPrint(): void {
  let opened: HTMLDetailsElement[] = [];
  addEventListener('beforeprint', () => {
    opened = [...document.querySelectorAll<HTMLDetailsElement>('main details:not([open])')];
    for (const d of opened) d.open = true;
  });
  addEventListener('afterprint', () => {
    for (const d of opened) d.open = false;
    opened = [];
  });
}
