import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { isFormula, sendCsv, unescapeCell } from './csv.js';
import Fastify from 'fastify';

/** What the export writes for one text cell, read back by a CSV reader. */
async function written(text: string): Promise<string> {
  const app = Fastify();
  app.get('/', (_request, reply) =>
    sendCsv(
      reply,
      'x.csv',
      [['cell', (row: string) => row]],
      (async function* () {
        yield [text];
      })(),
    ),
  );
  const body = (await app.inject({ url: '/' })).body;
  await app.close();
  const [record] = parse(body, { bom: true, columns: true }) as { cell: string }[];
  return record?.cell ?? '';
}

describe('a CSV cell written by the shop and read back', () => {
  it('gives back exactly the text written, whatever apostrophes and formula marks it starts with', async () => {
    const start = fc.constantFrom('', "'", "''", '=', '+', '-', '@', '\t', "'=", "''-", 'a');
    await fc.assert(
      fc.asyncProperty(start, fc.string(), async (head, tail) => {
        const text = head + tail;
        const cell = await written(text);
        expect(isFormula(cell)).toBe(false);
        expect(unescapeCell(cell)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('tells a formula no apostrophe protects', () => {
    expect(isFormula('=SUM(A1:A9)')).toBe(true);
    expect(isFormula('-5')).toBe(true);
    expect(isFormula("'=SUM(A1:A9)")).toBe(false);
    expect(isFormula('Pan 28 cm')).toBe(false);
  });
});
