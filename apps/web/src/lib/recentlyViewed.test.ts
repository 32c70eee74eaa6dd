import { afterEach, describe, expect, it } from 'vitest';
import { forgetViewed, recentlyViewed, rememberViewed, RECENTLY_VIEWED_MAX } from './recentlyViewed';

afterEach(() => localStorage.clear());

describe('recently viewed products', () => {
  it('keeps the pages opened newest first, each once, at most eight', () => {
    expect(recentlyViewed()).toEqual([]);
    for (const id of ['a', 'b', 'c', 'a']) rememberViewed(id);
    expect(recentlyViewed()).toEqual(['a', 'c', 'b']);
    for (let i = 0; i < 10; i++) rememberViewed(`p${i}`);
    expect(recentlyViewed()).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(recentlyViewed()[0]).toBe('p9');
  });

  it('forgets a product that is gone, and reads a hand-edited value as what it can use', () => {
    rememberViewed('a');
    rememberViewed('b');
    forgetViewed('a');
    expect(recentlyViewed()).toEqual(['b']);
    localStorage.setItem('recentlyViewed', JSON.stringify(['ok', 7, '<script>', null]));
    expect(recentlyViewed()).toEqual(['ok']);
    localStorage.setItem('recentlyViewed', '{not json');
    expect(recentlyViewed()).toEqual([]);
  });
});
