import { randomBytes } from 'node:crypto';

export interface FilePart {
  data: Buffer;
  filename: string;
  /** Form field; the API's image field is `img`. */
  field?: string;
  contentType?: string;
}

/**
 * A multipart/form-data body for `app.inject`: spread `headers` into the request's headers and pass
 * `payload`. Repeat a file field by listing several files with the same `field`.
 */
export function multipart(
  fields: Record<string, string | number | boolean>,
  files: FilePart[] = [],
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----shop-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'img'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
