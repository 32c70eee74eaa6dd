import { z } from 'zod';
import { say } from './said.js';
import { idSchema, optionalCount, requiredBoolean, requiredText, pageQuery } from './fields.js';
import { variantInputSchema } from './variants.js';
import { productCommonShape, productNameField, saleAbovePrice, saleEndsOnField, weightField } from './catalog.js';

/**
 * The columns of the catalogue's CSV file, in the order the export writes them: the import reads the same
 * file back (department and category by name, money in EGP, pictures as addresses separated by spaces).
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'name',
  'nameAr',
  'description',
  'descriptionAr',
  'brand',
  'department',
  'category',
  'price',
  'compareAtPrice',
  'saleEndsOn',
  'stock',
  'stockAtExport',
  'weight',
  'cod',
  'warranty',
  'warrantyAr',
  'images',
] as const;
/**
 * The columns of a product's variant, after the product's: a product sold in variants takes one row per
 * variant (the product's columns repeated on each); a product sold as one thing leaves them blank. A file
 * without them (written before variants travelled) imports as before, leaving every product's variants alone.
 */
export const VARIANT_CSV_COLUMNS = [
  'variantSku',
  'variantOptions',
  'variantPrice',
  'variantCompareAtPrice',
  'variantStock',
  'variantStockAtExport',
] as const;
export type VariantCsvColumn = (typeof VARIANT_CSV_COLUMNS)[number];
/**
 * The variant columns a file with variants may still lack: one written before variants' sale prices travelled
 * imports as before, leaving each variant's sale price as it is; one written before the stock at export travelled
 * sets each variant's stock as the file says.
 */
export const OPTIONAL_VARIANT_CSV_COLUMNS: readonly VariantCsvColumn[] = [
  'variantCompareAtPrice',
  'variantStockAtExport',
];
export type CatalogueCsvColumn = ProductCsvColumn | VariantCsvColumn;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
/**
 * The product columns a file may still lack: one written before warranties or sales' last days travelled imports
 * as before, each product it updates keeping its warranty and its sale's last day (a new one has none); one written
 * before the stock at export travelled (or a row left blank there) sets the stock as the file says.
 */
export const OPTIONAL_PRODUCT_CSV_COLUMNS = [
  'warranty',
  'warrantyAr',
  'saleEndsOn',
  'stockAtExport',
] as const satisfies readonly ProductCsvColumn[];
export type OptionalProductCsvColumn = (typeof OPTIONAL_PRODUCT_CSV_COLUMNS)[number];

/** How a variant's options are written in its cell: `Size=M; Colour=Navy`, in the product's order of options. */
export const OPTION_SEPARATOR = '; ';
export const OPTION_VALUE_SEPARATOR = '=';

/** The largest file an import takes: 100,000 products of the export take about 35 MB. */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** Rows of one file at most; past it the file is refused (a file of blank rows must not fill the report). */
export const MAX_IMPORT_ROWS = 200_000;
/** Rejected rows per page of the dry-run report. */
export const IMPORT_REJECTIONS_PAGE_SIZE = 50;

/**
 * One row of the file by the product form's rules: the department and category are named (not chosen by
 * id), and the id is empty for a new product. Pictures are checked by the API, which knows its address.
 */
export const productImportRowSchema = z
  .object({
    ...productCommonShape,
    id: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
    department: requiredText(say.msg.requiredField, 200),
    category: requiredText(say.msg.requiredField, 200),
    name: productNameField,
    weight: weightField('weight'),
    /**
     * The sale's last day, as the product form takes it; blank: no end. The API refuses a day already past (a file
     * exported during a sale that has ended since would bring its prices back) and a day for a product not on sale.
     */
    saleEndsOn: saleEndsOnField,
    /**
     * The stock as the file was exported: a row whose stock differs from it adds the difference to the stock as
     * it is when imported, so the sales made since the export are kept (`stockWasField`). Blank: set as written.
     */
    stockAtExport: optionalCount('stockAtExport'),
  })
  .superRefine(saleAbovePrice);
export type ProductImportRow = z.output<typeof productImportRowSchema>;

/**
 * A variant's cells by the variants grid's rules (`variantInputSchema`): its options as written
 * (`Size=M; Colour=Navy`) become option name → value; a cell that is not such a list is refused.
 */
export const variantImportRowSchema = z.object({
  variantSku: variantInputSchema.shape.sku,
  variantOptions: z.string().transform((cell, ctx) => {
    const options: Record<string, string> = {};
    for (const pair of cell.split(OPTION_SEPARATOR.trim())) {
      const at = pair.indexOf(OPTION_VALUE_SEPARATOR);
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (at < 0 || !name || !value || name in options) {
        ctx.addIssue({ code: 'custom', message: say.rule.variantOptionsMismatch });
        return z.NEVER;
      }
      options[name] = value;
    }
    return options;
  }),
  variantPrice: variantInputSchema.shape.price,
  variantCompareAtPrice: variantInputSchema.shape.compareAtPrice,
  variantStock: variantInputSchema.shape.stock,
  /** The variant's stock as exported; as `stockAtExport`, for the variant. */
  variantStockAtExport: optionalCount('variantStockAtExport'),
});
export type VariantImportRow = z.output<typeof variantImportRowSchema>;

/** The upload's text field beside the file: create the departments and categories the file names but the shop lacks. */
export const productImportFormSchema = z.object({ createMissing: requiredBoolean().default(false) });

export const productImportRejectionsQuerySchema = z.object({
  page: pageQuery,
});

export const PRODUCT_IMPORT_STATUSES = ['checked', 'queued', 'running', 'done', 'failed'] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

const counts = z.object({
  /** Rows that are (or became) new products. */
  add: z.number().int(),
  /** Rows of existing products with something to change. */
  update: z.number().int(),
  /** Rows of existing products identical to the shop's. */
  unchanged: z.number().int(),
  reject: z.number().int(),
});
export type ProductImportCounts = z.infer<typeof counts>;

export const productImportSchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  status: z.enum(PRODUCT_IMPORT_STATUSES),
  createMissing: z.boolean(),
  totalRows: z.number().int(),
  /** Rows the job has gone through; the progress bar is doneRows of totalRows. */
  doneRows: z.number().int(),
  /** The dry run's verdict, with the departments and categories it would create. */
  check: counts.extend({
    newDepartments: z.array(z.string()),
    newCategories: z.array(z.object({ department: z.string(), name: z.string() })),
  }),
  /** What applying has done so far; null until it starts. */
  result: counts.nullable(),
  /** Why a failed import stopped, in the reader's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ProductImport = z.infer<typeof productImportSchema>;

/** A refused row: its line in the file and each problem, by column (null for the row as a whole). */
export const productImportRejectionSchema = z.object({
  line: z.number().int(),
  problems: z.array(z.object({ column: z.string().nullable(), reason: z.string() })),
});
export type ProductImportRejection = z.infer<typeof productImportRejectionSchema>;

export const productImportRejectionsSchema = z.object({
  rejections: z.array(productImportRejectionSchema),
  total: z.number().int(),
  pages: z.number().int(),
});
export type ProductImportRejections = z.infer<typeof productImportRejectionsSchema>;
