/*
 * Runs before the page is painted (a classic script at the top of <head>; the CSP allows no inline
 * script): picks the language, sets <html lang dir> and links the matching Bootstrap build, so an
 * Arabic page never shows left to right first. The address says the language: Arabic behind /ar
 * (ARABIC_PREFIX in contracts' paths.ts). An address without one is in the shopper's language: the one
 * chosen with the header's switch (local storage, key as in language.ts), else Arabic when the browser
 * puts Arabic before English, else English; for Arabic the address becomes its /ar one, so that the
 * router's links and a link shared from the page stay in Arabic: in place for the app's shell, loaded
 * afresh for a page the server rendered in English (data-rendered). The stylesheets' addresses come
 * from this script's data-ltr / data-rtl, or from the link the server wrote.
 */
(function () {
  var prefix = '/ar';
  var path = location.pathname;
  var arabicAddress = path === prefix || path.indexOf(prefix + '/') === 0;
  var language = arabicAddress ? 'ar' : shoppersLanguage();
  if (language === 'ar' && !arabicAddress) {
    var arabic = prefix + (path === '/' ? '' : path) + location.search + location.hash;
    if (document.documentElement.hasAttribute('data-rendered')) {
      location.replace(arabic);
      return;
    }
    history.replaceState(history.state, '', arabic);
  }
  var dir = language === 'ar' ? 'rtl' : 'ltr';
  var root = document.documentElement;
  root.lang = language;
  root.dir = dir;

  // The id is BOOTSTRAP_LINK_ID in contracts' ssr.ts. The server links the build for the address's
  // direction ahead of this script; the shopper's own language may be the other one.
  var linked = document.getElementById('bootstrap-css');
  if (linked) {
    var wanted = linked.getAttribute('data-' + dir);
    if (wanted && linked.getAttribute('href') !== wanted) linked.setAttribute('href', wanted);
    return;
  }
  var script = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[data-ltr][data-rtl]'));
  if (!script) return;
  var link = document.createElement('link');
  link.id = 'bootstrap-css';
  link.rel = 'stylesheet';
  link.setAttribute('blocking', 'render');
  link.dataset.ltr = script.dataset.ltr;
  link.dataset.rtl = script.dataset.rtl;
  link.href = script.dataset[dir] || '';
  script.after(link);

  function shoppersLanguage() {
    var saved = null;
    try {
      saved = localStorage.getItem('shop.language');
    } catch (error) {
      // Storage blocked: the browser's languages decide.
    }
    if (saved === 'ar' || saved === 'en') return saved;
    var preferred =
      navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    for (var i = 0; i < preferred.length; i++) {
      var code = String(preferred[i]).toLowerCase().split('-')[0];
      if (code === 'ar' || code === 'en') return code;
    }
    return 'en';
  }
})();
