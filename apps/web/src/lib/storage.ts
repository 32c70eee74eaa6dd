/**
 * Local storage that never throws: private browsing, a full quota or a hand-edited value must not
 * take the shop down, they only lose the saved copy. `area` sessionStorage keeps a value for this tab's visit only.
 */
type Area = 'localStorage' | 'sessionStorage';

export function readJson(key: string, area: Area = 'localStorage'): unknown {
  try {
    const raw = globalThis[area].getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, area: Area = 'localStorage'): void {
  try {
    globalThis[area].setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the in-memory state stays correct for this visit.
  }
}

export function removeKey(key: string, area: Area = 'localStorage'): void {
  try {
    globalThis[area].removeItem(key);
  } catch {
    // See writeJson.
  }
}
