/** Unicode's first strong isolate and the mark that ends it (U+2068, U+2069). */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * A value put into a sentence (an e-mail, a name, an order number, a phone number), set apart from the words around
 * it: it reads in the direction of its own first letter (a Latin e-mail left to right, an Arabic name right to left, a
 * number or a code with no letter left to right), and neither moves those words nor is moved by them, as a Latin
 * e-mail or a number at the edge of an Arabic sentence otherwise does. Screen readers do not read the marks.
 */
export const isolate = (value: string | number): string => `${FSI}${value}${PDI}`;
