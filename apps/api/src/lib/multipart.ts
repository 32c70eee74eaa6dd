import type { FastifyRequest } from 'fastify';
import { say, MAX_IMAGE_BYTES, type Said } from '@shop/contracts';
import { badRequest, HttpError } from './errors.js';

/**
 * A file name a browser would send: a plain name, no directory (no slash, backslash or drive letter), no dot-dot, no
 * control character, not percent-encoded path syntax. The name is never used to store anything (images
 * get content-hashed names), but a path in it is an attack, and it is refused as one.
 */
export function isPlainFileName(name: string): boolean {
  return (
    name.length <= 255 &&
    !/[/\\\p{Cc}]/u.test(name) &&
    !/^[a-z]:/i.test(name) &&
    !/%(2e|2f|5c|00)/i.test(name) &&
    name !== '.' &&
    !name.startsWith('..')
  );
}

export interface MultipartForm {
  fields: Record<string, string>;
  /** Contents of the files sent in the form's file field, in order. */
  files: Buffer[];
  /** Their names, as sent. */
  fileNames: string[];
}

/** The files a form takes, in one field, and what a refusal of them says. */
export interface FileRule {
  field: string;
  maxFiles: number;
  maxBytes: number;
  /** A file sent in another field. */
  wrongField: Said;
  /** A file over `maxBytes` (413). */
  tooLarge: Said;
  /** More than `maxFiles` files (413). */
  tooMany: Said;
}

/** png or jpeg images in `field`: the product and category forms. */
export const imageFiles = (field: string, maxFiles: number): FileRule => ({
  field,
  maxFiles,
  maxBytes: MAX_IMAGE_BYTES,
  wrongField: say.api.imagesField(field),
  tooLarge: say.api.imageTooLarge(MAX_IMAGE_BYTES / 1024 / 1024),
  tooMany: maxFiles === 1 ? say.api.oneImageOnly : say.api.tooManyImages(maxFiles),
});

/**
 * Reads a whole multipart form into memory: text fields and the files of one field. Nothing is
 * stored here, so a refusal at any point (too many files, one too large, a stray field) leaves no trace.
 */
export async function readForm(request: FastifyRequest, rule: FileRule): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, say.api.multipartRequired);
  const { FilesLimitError, RequestFileTooLargeError } = request.server.multipartErrors;
  const form: MultipartForm = { fields: {}, files: [], fileNames: [] };
  try {
    for await (const part of request.parts({ limits: { files: rule.maxFiles, fileSize: rule.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== rule.field) throw badRequest(rule.wrongField);
        if (!isPlainFileName(part.filename)) throw badRequest(say.api.fileNameNotAllowed);
        form.files.push(await part.toBuffer());
        form.fileNames.push(part.filename);
      } else {
        if (part.valueTruncated) throw badRequest(say.api.fieldTooLong(part.fieldname));
        form.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof RequestFileTooLargeError) throw new HttpError(413, rule.tooLarge);
    if (err instanceof FilesLimitError) throw new HttpError(413, rule.tooMany);
    if (err instanceof HttpError || (err as { statusCode?: number }).statusCode) throw err;
    // The parser's own complaints ("Boundary not found", "Unexpected end of form", a malformed part
    // header) are about the bytes the client sent: a 400, not a 500.
    throw badRequest(say.api.multipartUnreadable);
  }
  return form;
}

/** A form with up to `maxFiles` images in `fileField`. */
export const readMultipart = (request: FastifyRequest, fileField: string, maxFiles: number) =>
  readForm(request, imageFiles(fileField, maxFiles));
