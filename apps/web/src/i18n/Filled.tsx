import { Fragment, type ReactNode } from 'react';
import { PLACEHOLDER } from './translator';

/**
 * A translated text with elements in its `{{placeholders}}`, for a value that needs one of its own inside the sentence
 * (a name the shopper typed, set apart in its own direction). `text` is the text asked for without values, which `t`
 * returns with its placeholders as written; as with `t`, a placeholder not in `values` stays as written.
 */
export function Filled({ text, values }: { text: string; values: Readonly<Record<string, ReactNode>> }) {
  // Split on a pattern with one group: the text's pieces at even places, the placeholders' names between them.
  return text.split(PLACEHOLDER).map((piece, index) => {
    if (index % 2 === 0) return piece;
    const name = piece.trim();
    return <Fragment key={index}>{Object.hasOwn(values, name) ? values[name] : `{{${piece}}}`}</Fragment>;
  });
}
