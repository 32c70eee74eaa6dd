import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Filled } from './Filled';

const filled = (text: string, values: Parameters<typeof Filled>[0]['values']) =>
  render(
    <p>
      <Filled text={text} values={values} />
    </p>,
  ).container.firstElementChild!.innerHTML;

describe('a text with elements in its placeholders', () => {
  it('puts each element where its placeholder stands, the words around it as written', () => {
    expect(filled('{{city}}، {{governorate}}', { city: <bdi>Zamalek</bdi>, governorate: 'القاهرة' })).toBe(
      '<bdi>Zamalek</bdi>، القاهرة',
    );
    expect(filled('Near {{ value }} and {{value}}.', { value: <b>it</b> })).toBe('Near <b>it</b> and <b>it</b>.');
  });

  it('escapes text as React does, and leaves a placeholder without a value as written, as t does', () => {
    expect(filled('{{a}} & {{b}}', { a: '<i>' })).toBe('&lt;i&gt; &amp; {{b}}');
    expect(filled('No placeholder', {})).toBe('No placeholder');
  });
});
