import { createHash } from 'node:crypto';

/** The SHA-256 of a text's UTF-8 bytes, in hex: how the shop keeps its tokens, and what Fawry and the ETA sign. */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
