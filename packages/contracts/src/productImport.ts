import { z } from 'zod';
import { say } from './said.js';
import { idSchema, requiredBoolean, requiredText } from './fields.js';
import { productCommonShape, productNameField, saleAbovePrice, weightField } from './catalog.js';

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
  'stock',
  'weight',
  'cod',
  'images',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

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
  })
  .superRefine(saleAbovePrice);
export type ProductImportRow = z.output<typeof productImportRowSchema>;

/** The upload's text field beside the file: create the departments and categories the file names but the shop lacks. */
export const productImportFormSchema = z.object({ createMissing: requiredBoolean().default(false) });

export const productImportRejectionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
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
