import { useEffect } from 'react';

/**
 * Marks the page as the app's: a server-rendered page shows its buttons and fields before the app has taken them
 * over. Taps made before the mark are kept and carried out once it is there (boot.js), and browser tests wait for
 * it before they act. In a screen's boundary, since React takes a rendered page's screen over in a pass of its own
 * after the layout around it (about 150 ms later on a phone); the router's error screen has one too.
 */
export function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}
