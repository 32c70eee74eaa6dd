import type { ProductDetail } from '@shop/contracts';

/** A product as the API answers it, sold as one thing; `overrides` make it the test's own. */
export const aProduct = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  _id: 'p1',
  name: 'Cotton T-shirt',
  nameAr: null,
  price: 250,
  compareAtPrice: null,
  stock: 8,
  rating: 0,
  numReviews: 0,
  image_path: ['/uploads/shirt.webp'],
  category: { _id: 'c1', name: 'T-shirts', nameAr: null },
  department: { _id: 'd1', name: 'Fashion', nameAr: null },
  brand: 'Cottonil',
  description: '',
  descriptionAr: null,
  weight: 0.2,
  cod: true,
  warranty: null,
  warrantyAr: null,
  saleEndsOn: null,
  ...overrides,
});

/**
 * The T-shirt in sizes and colours: M/Red 250 (3 left, its own picture), M/Blue 260 (sold out), L/Red 270 (5, on
 * sale from 300); L/Blue is not sold.
 */
export const tShirt: ProductDetail = aProduct({
  nameAr: 'تيشيرت قطن',
  image_path: ['/uploads/shirt.webp', '/uploads/red.webp'],
  description: 'Soft cotton.',
  options: [
    {
      name: 'Size',
      nameAr: 'المقاس',
      values: [
        { value: 'M', valueAr: 'وسط' },
        { value: 'L', valueAr: 'كبير' },
      ],
    },
    {
      name: 'Colour',
      nameAr: 'اللون',
      values: [
        { value: 'Red', valueAr: 'أحمر' },
        { value: 'Blue', valueAr: 'أزرق' },
      ],
    },
  ],
  variants: [
    {
      _id: 'v-m-red',
      sku: 'TEE-M-RED',
      options: { Size: 'M', Colour: 'Red' },
      price: 250,
      compareAtPrice: null,
      stock: 3,
      image_path: ['/uploads/red.webp'],
    },
    {
      _id: 'v-m-blue',
      sku: 'TEE-M-BLUE',
      options: { Size: 'M', Colour: 'Blue' },
      price: 260,
      compareAtPrice: null,
      stock: 0,
      image_path: [],
    },
    {
      _id: 'v-l-red',
      sku: 'TEE-L-RED',
      options: { Size: 'L', Colour: 'Red' },
      price: 270,
      compareAtPrice: 300,
      stock: 5,
      image_path: [],
    },
  ],
});
