import { useSyncExternalStore } from 'react';
import { i18n } from './index';

/**
 * The translator for a component. Subscribing to its version renders the component again when the
 * language changes and also when an area's texts land after its first render, so a text shown
 * before its file arrived (in English, or as the key) never stays on screen.
 */
export function useTranslation() {
  // The same on the server: a page is rendered there with its language's texts already in.
  useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  return { t: i18n.t, i18n };
}
