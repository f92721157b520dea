// Runs before the app: applies theme_preference (light, dark or system) so the first paint has the right colours.
(function () {
  var pref = 'system';
  try {
    pref = localStorage.getItem('theme_preference') || 'system';
  } catch (e) {}
  var dark = pref === 'dark' || (pref === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
