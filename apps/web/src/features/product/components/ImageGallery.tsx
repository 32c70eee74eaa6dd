import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';
import { ProductImage } from '../../../components/ProductImage';

/** How wide the main picture shows: the page's first column (5 of 12 from 992 px, half from 768 px) or all of it. */
const MAIN_SIZES = '(min-width: 1400px) 550px, (min-width: 992px) 42vw, (min-width: 768px) 50vw, 100vw';

/** The main picture and, when there are several, a row of thumbnails that choose it. */
export function ImageGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)];
  return (
    <div className="image-gallery">
      <div className="image-gallery-main rounded-4">
        <ProductImage
          src={current}
          alt={name}
          width={800}
          height={800}
          sizes={MAIN_SIZES}
          loading="eager"
          fetchPriority="high"
        />
      </div>
      {images.length > 1 && (
        <ul className="image-gallery-thumbs list-unstyled d-flex flex-wrap gap-2 mt-3 mb-0">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className={`image-gallery-thumb${index === selected ? ' is-active' : ''}`}
                aria-pressed={index === selected}
                aria-label={t('product.showImage', { number: index + 1, total: images.length })}
                onClick={() => setSelected(index)}
              >
                <ProductImage src={image} alt="" width={72} height={72} sizes="72px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
