import { IMAGE_WIDTHS } from './constants.js';

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** The address of a stored picture's copy `width` pixels wide. */
export const imageAtWidth = (src: string, width: ImageWidth) => `${src}?w=${width}`;
