// The terminal pane: xterm.js showing the program's stdout and stderr as a terminal would
// (colours and all), themed from the page's CSS variables and refitted on resize.
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';

export interface TerminalPane {
  write(text: string): void;
  /** A line of the workbench's own, dimmed so it reads apart from program output. */
  note(text: string): void;
  clear(): void;
}

// xterm needs colours as values, not var() references. The theme variables are written as
// light-dark() pairs, so reading one gives the pair; a probe element with `color: var(...)`
// gives the colour the page shows now, in whichever theme applies.
function themeFromPage(probe: HTMLElement) {
  const v = (name: string) => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  return {
    background: v('--bg-code'),
    foreground: v('--fg'),
    cursor: v('--bg-code'),
    selectionBackground: v('--accent-soft'),
    red: v('--danger'),
    green: v('--ok'),
    yellow: v('--warn'),
    blue: v('--accent'),
    magenta: v('--s2c'),
    // "Bright black" carries the workbench's own notes and the server's logs: the theme's
    // soft text colour keeps them readable (SGR dim halves contrast on light backgrounds).
    brightBlack: v('--fg-soft'),
  };
}

export function createTerminal(host: HTMLElement): TerminalPane {
  // In the page before the first theme is read: a detached element has no computed style.
  const probe = document.createElement('span');
  probe.hidden = true;
  host.replaceChildren(probe);
  const term = new Terminal({
    convertEol: true,
    disableStdin: true,
    cursorBlink: false,
    fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--font-mono'),
    fontSize: 13,
    scrollback: 5000,
    // Mirrors the screen into an accessibility tree a screen reader can read and announce;
    // canvas-free rendering alone is not read out line by line.
    screenReaderMode: true,
    theme: themeFromPage(probe),
  });
  const fit = new FitAddon();
  term.loadAddon(fit);
  term.open(host);
  // The terminal takes no input (disableStdin), yet xterm still swallows Tab to send it to a
  // shell, which kept keyboard users inside the pane. Handing Tab back to the browser makes
  // the pane one stop in the page's order, on the way to the checks and frames.
  term.attachCustomKeyEventHandler((e) => e.key !== 'Tab');
  const refit = () => {
    try {
      fit.fit();
    } catch {
      // Hidden or zero-sized: the next resize fits it.
    }
  };
  refit();
  new ResizeObserver(refit).observe(host);
  // The theme toggle flips data-theme on <html>; the OS can flip prefers-color-scheme.
  const retheme = () => (term.options.theme = themeFromPage(probe));
  new MutationObserver(retheme).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme'],
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', retheme);

  return {
    write: (text) => term.write(text),
    note: (text) => term.write(`\u001b[90m${text}\u001b[0m\n`),
    clear: () => term.reset(),
  };
}
