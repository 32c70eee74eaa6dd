/*
 * Runs before the page is painted (a classic script at the top of <head>; the CSP allows no inline
 * script): picks the language, sets <html lang dir> and links the matching Bootstrap build, so an
 * Arabic page never shows left to right first. The address says the language: Arabic behind /ar
 * (ARABIC_PREFIX in contracts' paths.ts). An address without one is in the shopper's language: the one
 * chosen with the header's switch (local storage, key as in language.ts), else Arabic when the browser
 * puts Arabic before English, else English; for Arabic the address becomes its /ar one, so that the
 * router's links and a link shared from the page stay in Arabic: in place for the app's shell, loaded
 * afresh for a page the server rendered in English (data-rendered). The stylesheets' addresses come
 * from this script's data-ltr / data-rtl, or from the link the server wrote. On a page the server rendered,
 * it also loads the app, once the page has been painted (data-entry, data-modules).
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
  // A page the server rendered names its app's modules here instead of in the head (the API's
  // seo/template.ts): they load once the page is painted, so the first paint waits for none of them.
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (boot && entry) afterFirstPaint(loadApp.bind(null, entry, boot.getAttribute('data-modules') || ''));

  var root = document.documentElement;
  keepEarlyTaps();

  var dir = language === 'ar' ? 'rtl' : 'ltr';
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

  /**
   * A server-rendered page shows its controls before the app has taken them over (<html data-app="ready">,
   * RootLayout). Links and forms work without it; a tap on a button, a box or a choice would be lost, so it
   * is kept (the control marked data-kept, which the stylesheet shows as pending) and carried out, in order,
   * once the app is ready. Until then a form is the browser's own (the app's handlers, half taken over, would
   * see none of what was typed), and the language links remember the shopper's choice here, before and
   * after the app is ready, for the next visit to an address without a language.
   */
  function keepEarlyTaps() {
    /** @type {HTMLElement[]} */
    var kept = [];
    var ready = function () {
      return root.getAttribute('data-app') === 'ready';
    };
    addEventListener(
      'click',
      function (event) {
        var target = /** @type {Element | null} */ (event.target);
        if (!target || !target.closest) return;
        var switchTo = target.closest('a[data-language]');
        if (switchTo) {
          // The server cannot know the address's #part: the same place on the page in the other language.
          if (location.hash)
            switchTo.setAttribute('href', (switchTo.getAttribute('href') || '').split('#')[0] + location.hash);
          try {
            localStorage.setItem('shop.language', switchTo.getAttribute('data-language') || '');
          } catch (error) {
            // Storage blocked: the address holds the language for this page.
          }
          return;
        }
        if (ready()) return;
        var control = /** @type {HTMLElement | null} */ (
          target.closest('button:not([type=submit]), input[type=checkbox], input[type=radio]')
        );
        if (!control || control.hasAttribute('disabled')) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        control.setAttribute('data-kept', '');
        kept.push(control);
        if (kept.length === 1) whenReady(replay);
      },
      true,
    );
    addEventListener(
      'submit',
      function (event) {
        if (!ready()) event.stopImmediatePropagation();
      },
      true,
    );

    function replay() {
      var taps = kept.splice(0);
      taps.forEach(function (control) {
        control.removeAttribute('data-kept');
      });
      taps.forEach(function (control) {
        if (control.isConnected) control.click();
      });
    }

    /** @param {() => void} then */
    function whenReady(then) {
      if (ready()) return then();
      var observer = new MutationObserver(function () {
        if (!ready()) return;
        observer.disconnect();
        // After the commit that marked it, so the taps meet the handlers it attached.
        setTimeout(then, 0);
      });
      observer.observe(root, { attributes: true, attributeFilter: ['data-app'] });
    }
  }

  /** @param {() => void} run */
  function afterFirstPaint(run) {
    var done = false;
    var once = function () {
      if (done) return;
      done = true;
      run();
    };
    // Once the stylesheets and the pictures in view are in (load) and the page is on the screen. A tab opened
    // in the background paints nothing until it is shown: its app loads at once.
    addEventListener(
      'load',
      function () {
        if (document.visibilityState === 'hidden') once();
        else onScreen(once);
      },
      { once: true },
    );
    // A picture that is slow to come (made at its width on its first request) holds the load event back, but
    // not the page's buttons for longer than this.
    document.addEventListener('DOMContentLoaded', function () {
      setTimeout(once, 3000);
    });
  }

  /**
   * Calls `then` in a task after the page's first contentful paint has reached the screen. A frame's callbacks
   * run before it is painted, and the browser rasters and shows it later still (37 ms after the load event's
   * frame on Lighthouse's run of the Arabic home): the paint entry comes once it is shown. Without paint
   * entries, a frame's callbacks and the task they queue.
   * @param {() => void} then
   */
  function onScreen(then) {
    var later = function () {
      setTimeout(then, 0);
    };
    var Observer = window.PerformanceObserver;
    var types = Observer && Observer.supportedEntryTypes;
    if (!types || types.indexOf('paint') < 0) {
      requestAnimationFrame(later);
      return;
    }
    var observer = new Observer(function (entries) {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      later();
    });
    observer.observe({ type: 'paint', buffered: true });
  }

  /** @param {string} entry @param {string} modules the entry's imports, fetched beside it */
  function loadApp(entry, modules) {
    var head = document.head;
    modules.split(' ').forEach(function (href) {
      if (!href) return;
      var preload = document.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = href;
      head.appendChild(preload);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    head.appendChild(script);
  }

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
