import { z } from 'zod';
import { IMAGE_WIDTHS } from './constants.js';
import { isImageWidth } from './images.js';

// Apart from images.ts, whose helpers every product card uses: a schema is built as its module is evaluated, and
// this one would bring zod into the storefront's first load.

/** `/uploads/<name>?w=400`: one of the widths pages ask for, or none for the picture as uploaded. */
export const imageQuerySchema = z.object({
  w: z.coerce
    .number()
    .refine(isImageWidth, { message: `One of ${IMAGE_WIDTHS.join(', ')}` })
    .optional(),
});
