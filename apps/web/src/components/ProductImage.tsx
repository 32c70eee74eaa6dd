import type { ImgHTMLAttributes } from 'react';
import { IMAGE_WIDTHS, imageAtWidth } from '@shop/contracts';
import noImage from '../assets/no-image.svg';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  src: string | null | undefined;
  alt: string;
};

/** Uploaded pictures come in narrower copies too (the API makes them); other pictures are one file. */
const UPLOADED = '/uploads/';

/** Each copy of an uploaded picture with its width; the picture as uploaded is at most 1200 px wide. */
const srcSetOf = (src: string) =>
  [...IMAGE_WIDTHS.map((width) => `${imageAtWidth(src, width)} ${width}w`), `${src} 1200w`].join(', ');

/**
 * A product or category picture; a neutral placeholder stands in when there is none or it fails to load.
 * Given `sizes` (how wide the layout shows it), the browser fetches the narrowest copy that is sharp at
 * that width on its screen, so a phone never downloads a desktop's picture.
 */
export function ProductImage({ src, alt, sizes, ...props }: ProductImageProps) {
  const responsive = Boolean(sizes && src?.startsWith(UPLOADED));
  return (
    <img
      src={src || noImage}
      {...(responsive && src && { srcSet: srcSetOf(src), sizes })}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(noImage)) {
          img.removeAttribute('srcset');
          img.src = noImage;
        }
      }}
      {...props}
    />
  );
}
