// Spec §4: the stored background (local-storage key `site-color`, 'light' or 'dark') applies before the
// first paint, so a dark user never sees a light page while the app loads. Mantine's colour-scheme
// manager (src/stores/theme-store.ts) takes over once the app runs. External, not inline: the
// Content-Security-Policy allows scripts from 'self' only.
(() => {
  try {
    const value = window.localStorage.getItem('site-color');
    document.documentElement.setAttribute('data-mantine-color-scheme', value === 'dark' ? 'dark' : 'light');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
