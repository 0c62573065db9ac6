// The header's theme button. Three states, and its words say which is in use: the system's
// theme (and which one that is), or light or dark as the reader chose. Each click makes a
// visible change first: from the system's theme to its opposite, then to the other one, then
// back to following the system. The choice is kept in localStorage under "theme", which the
// inline script in the page's head applies before the first paint.
const KEY = 'theme';

export function initThemeToggle(): void {
  const button = document.querySelector<HTMLButtonElement>('.theme-toggle');
  const state = button?.querySelector('[data-theme-state]');
  if (!button || !state) return;
  const root = document.documentElement;
  const dark = matchMedia('(prefers-color-scheme: dark)');
  const system = () => (dark.matches ? 'dark' : 'light');
  const show = () => {
    state.textContent = root.dataset.theme ?? `system (${system()})`;
  };
  button.hidden = false;
  show();
  dark.addEventListener('change', show);
  button.addEventListener('click', () => {
    const chosen = root.dataset.theme;
    const opposite = system() === 'dark' ? 'light' : 'dark';
    const next = !chosen ? opposite : chosen === opposite ? system() : undefined;
    try {
      if (next) localStorage.setItem(KEY, next);
      else localStorage.removeItem(KEY);
    } catch {
      // Storage can be blocked: the choice then holds for this page.
    }
    if (next) root.dataset.theme = next;
    else delete root.dataset.theme;
    show();
  });
}
