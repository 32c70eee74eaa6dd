import { z } from 'zod';
import {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  productCommonShape,
  dayInCairo,
  productNameField,
  saleAbovePrice,
  saleEndPassed,
  saleEndsOnField,
  say,
  stockWasField,
  weightField,
  type ProductDetail,
} from '@shop/contracts';
import { i18n } from '../../i18n';

const isImageType = (type: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(type);

/** The files an image field holds: png or jpeg only, each within the server's size limit. */
export const imageFiles = () =>
  z
    .array(z.instanceof(File))
    .refine((files) => files.every((file) => isImageType(file.type)), { error: () => i18n.t('admin.form.imageType') })
    .refine((files) => files.every((file) => file.size <= MAX_IMAGE_BYTES), {
      error: () => i18n.t('admin.form.imageSize', { mb: MAX_IMAGE_BYTES / 1024 / 1024 }),
    });

/** An image field that must hold at least one file ('Required Field'). */
export const requiredImages = <T extends z.ZodType<File[]>>(files: T) =>
  files.refine((list) => list.length > 0, { error: say.msg.requiredField });

/**
 * The admin product form, on the shared contract rules. The form's own names are the spec's,
 * productName and weigth, so the number message reads 'weigth must be a `number` type'; images are
 * required to create a product and optional to update one (new ones replace the old).
 */
export function productFormSchema(images: 'required' | 'optional') {
  const files = imageFiles().refine((list) => list.length <= MAX_PRODUCT_IMAGES, {
    error: () => i18n.t('admin.form.imageCount', { count: MAX_PRODUCT_IMAGES }),
  });
  return z
    .object({
      ...productCommonShape,
      productName: productNameField,
      weigth: weightField('weigth'),
      images: images === 'required' ? requiredImages(files) : files,
      /** The stock the update form loaded: the server adds only the difference typed (stock-edits.md). */
      stockWas: stockWasField,
      saleEndsOn: saleEndsOnField.refine((day) => !saleEndPassed(day, dayInCairo(new Date())), {
        error: say.rule.saleEndPast,
      }),
    })
    .superRefine(saleAbovePrice);
}

type ProductFormSchema = ReturnType<typeof productFormSchema>;
export type ProductFormInput = z.input<ProductFormSchema>;
export type ProductFormValues = z.output<ProductFormSchema>;

export const emptyProductForm: ProductFormInput = {
  department: '',
  category: '',
  productName: '',
  description: '',
  price: '',
  compareAtPrice: '',
  saleEndsOn: '',
  stock: '',
  // Most products in an Egyptian shop can be paid for on delivery.
  cod: true,
  brand: '',
  weigth: '',
  nameAr: '',
  descriptionAr: '',
  warranty: '',
  warrantyAr: '',
  images: [],
};

/** An existing product as the update form starts: every field filled, no new images yet. */
export const productToForm = (product: ProductDetail): ProductFormInput => ({
  department: product.department._id,
  category: product.category._id,
  productName: product.name,
  description: product.description,
  price: String(product.price),
  compareAtPrice: product.compareAtPrice === null ? '' : String(product.compareAtPrice),
  saleEndsOn: product.saleEndsOn ?? '',
  stock: String(product.stock),
  stockWas: String(product.stock),
  cod: product.cod,
  brand: product.brand,
  weigth: String(product.weight),
  nameAr: product.nameAr ?? '',
  descriptionAr: product.descriptionAr ?? '',
  warranty: product.warranty ?? '',
  warrantyAr: product.warrantyAr ?? '',
  images: [],
});

/** The multipart body the API takes: its field names (name, weight), images repeated in `img`, and `id` to update. */
export function productFormData(values: ProductFormValues, id?: string): FormData {
  const form = new FormData();
  if (id) form.append('id', id);
  form.append('name', values.productName);
  form.append('brand', values.brand);
  form.append('category', values.category);
  form.append('department', values.department);
  form.append('description', values.description);
  form.append('price', String(values.price));
  form.append('compareAtPrice', values.compareAtPrice === null ? '' : String(values.compareAtPrice));
  // Empty: the sale, if any, runs until someone ends it.
  form.append('saleEndsOn', values.saleEndsOn ?? '');
  form.append('stock', String(values.stock));
  if (values.stockWas !== undefined) form.append('stockWas', String(values.stockWas));
  form.append('weight', String(values.weigth));
  form.append('cod', String(values.cod));
  // Sent empty when cleared, which the API stores as "no Arabic version".
  form.append('nameAr', values.nameAr ?? '');
  form.append('descriptionAr', values.descriptionAr ?? '');
  // Empty: the product has no warranty to state (in that language).
  form.append('warranty', values.warranty ?? '');
  form.append('warrantyAr', values.warrantyAr ?? '');
  for (const file of values.images) form.append('img', file);
  return form;
}
