import { describe, expect, it } from 'vitest';
import { pageBlocks } from './pageText';

describe("a shop page's text", () => {
  it('reads paragraphs, headings and lists, lines of a paragraph joined', () => {
    expect(pageBlocks('We deliver.\nEverywhere.\n\n## How long\n- Cairo: 1 day\n- Aswan: 5 days\nAsk us.')).toEqual([
      { kind: 'paragraph', text: 'We deliver. Everywhere.' },
      { kind: 'heading', text: 'How long' },
      { kind: 'list', items: ['Cairo: 1 day', 'Aswan: 5 days'] },
      { kind: 'paragraph', text: 'Ask us.' },
    ]);
  });

  it('keeps markup-looking text as text: HTML is never read', () => {
    expect(pageBlocks('<script>alert(1)</script>')).toEqual([{ kind: 'paragraph', text: '<script>alert(1)</script>' }]);
  });
});
