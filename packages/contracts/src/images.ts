import { z } from 'zod';
import { IMAGE_WIDTHS } from './constants.js';

type ImageWidth = (typeof IMAGE_WIDTHS)[number];
const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** `/uploads/<name>?w=400`: one of the widths pages ask for, or none for the picture as uploaded. */
export const imageQuerySchema = z.object({
  w: z.coerce
    .number()
    .refine(isImageWidth, { message: `One of ${IMAGE_WIDTHS.join(', ')}` })
    .optional(),
});

/** The address of a stored picture's copy `width` pixels wide. */
export const imageAtWidth = (src: string, width: ImageWidth) => `${src}?w=${width}`;
