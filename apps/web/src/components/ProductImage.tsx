import type { ImgHTMLAttributes } from 'react';
import noImage from '../assets/no-image.svg';

type ProductImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  alt: string;
};

/** A product or category picture; a neutral placeholder stands in when there is none or it fails to load. */
export function ProductImage({ src, alt, ...props }: ProductImageProps) {
  return (
    <img
      src={src || noImage}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(noImage)) img.src = noImage;
      }}
      {...props}
    />
  );
}
