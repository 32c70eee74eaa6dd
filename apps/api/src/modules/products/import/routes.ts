import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  say,
  MAX_IMPORT_BYTES,
  PRODUCT_CSV_COLUMNS,
  productImportFormSchema,
  productImportRejectionsQuerySchema,
  productImportRejectionsSchema,
  productImportSchema,
} from '@shop/contracts';
import { badRequest } from '../../../lib/errors.js';
import { readForm, type FileRule } from '../../../lib/multipart.js';
import { parseInput } from '../../../lib/validation.js';
import { actorOf } from '../../../plugins/auth.js';
import { requestLanguage, varyOnLanguage } from '../../../plugins/language.js';
import { productImportsService } from './service.js';

const tags = ['product'];
const security = [{ token: [] }];
// Checked in the service: a malformed id answers 404 like an unknown one.
const idParams = z.object({ id: z.string().max(100) });

const CSV_FILE: FileRule = {
  field: 'file',
  maxFiles: 1,
  maxBytes: MAX_IMPORT_BYTES,
  wrongField: say.api.importFileField,
  tooLarge: say.api.importTooLarge(MAX_IMPORT_BYTES / 1024 / 1024),
  tooMany: say.api.importFileField,
};

/** The answers carry rejection reasons and failures in the reader's language. */
function languageOf(request: FastifyRequest, reply: FastifyReply) {
  varyOnLanguage(reply);
  return requestLanguage(request);
}

/** Dashboard → Products → Import CSV: upload for a dry run, apply it, follow the job. */
export const productImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const imports = productImportsService(app);

  app.post(
    '/admin/products/imports',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: 'Upload a catalogue CSV for a dry run',
        tags,
        security,
        description:
          `multipart/form-data: a CSV file (UTF-8, at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB) in the field \`file\` with` +
          ` the columns of the export (${PRODUCT_CSV_COLUMNS.join(', ')}), and optional \`createMissing\` (true or false).` +
          ' Checks every row (the dry run) and keeps the file; nothing changes until it is applied',
        consumes: ['multipart/form-data'],
        response: { 201: productImportSchema },
      },
    },
    async (request, reply) => {
      const form = await readForm(request, CSV_FILE);
      const [bytes] = form.files;
      const [fileName] = form.fileNames;
      if (!bytes || fileName === undefined) throw badRequest(say.api.importFileField);
      const { createMissing } = parseInput(productImportFormSchema, form.fields);
      const upload = { fileName, bytes, createMissing };
      return reply.code(201).send(await imports.check(upload, actorOf(request), languageOf(request, reply)));
    },
  );

  app.get(
    '/admin/products/imports/:id',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: "Show an import's dry run and progress",
        tags,
        security,
        description: 'An import: its dry run, and how far applying it has got',
        params: idParams,
        response: { 200: productImportSchema },
      },
    },
    async (request, reply) => imports.one(request.params.id, languageOf(request, reply)),
  );

  app.get(
    '/admin/products/imports/:id/rejections',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: 'List the rows an import rejects',
        tags,
        security,
        description: 'A page of the rows the import rejects, by line, each with its reasons',
        params: idParams,
        querystring: productImportRejectionsQuerySchema,
        response: { 200: productImportRejectionsSchema },
      },
    },
    async (request, reply) => imports.rejections(request.params.id, request.query.page, languageOf(request, reply)),
  );

  app.post(
    '/admin/products/imports/:id/apply',
    {
      config: { access: { permission: 'catalogue.write' } },
      schema: {
        summary: 'Apply a checked import',
        tags,
        security,
        description: 'Applies a checked import in the background; follow it with GET /admin/products/imports/:id',
        params: idParams,
        response: { 202: productImportSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await imports.apply(request.params.id, actorOf(request), languageOf(request, reply))),
  );
};
