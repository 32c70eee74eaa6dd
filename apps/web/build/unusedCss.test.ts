import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAFELIST, purgeBootstrap } from './unusedCss';

const bootstrap = readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');
const src = path.join(import.meta.dirname, '../src');
const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|tsx|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(src, file), 'utf8') }));
const patterns = Object.values(SAFELIST).flat();

describe('the safelist of Bootstrap classes made at run time', () => {
  it('has an entry for every react-bootstrap component the app imports', () => {
    // Each component from its own path, as the app imports them (`import Button from 'react-bootstrap/Button'`).
    const imported = new Set(
      sources.flatMap(({ text }) =>
        [...text.matchAll(/from 'react-bootstrap\/(\w+)'/g)].flatMap((match) => match.slice(1)),
      ),
    );
    expect(sources.filter(({ text }) => text.includes("from 'react-bootstrap'")).map(({ file }) => file)).toEqual([]);
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((component) => !(component in SAFELIST))).toEqual([]);
  });

  it('has a pattern for every template string in src/ that ends in a Bootstrap class prefix', () => {
    const uncovered = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/([a-z][a-z-]*-)\$\{/g)]
        .flatMap((match) => match.slice(1))
        .filter((prefix) => bootstrap.includes(`.${prefix}`))
        .filter((prefix) => !patterns.some((pattern) => pattern.source.startsWith(`^${prefix}`)))
        .map((prefix) => `${file}: ${prefix}\${…}`),
    );
    expect([...new Set(uncovered)]).toEqual([]);
  });
});

describe('purgeBootstrap', () => {
  it('keeps the rules of the classes the content names or its props make, and the variables; drops the rest', async () => {
    const css = await purgeBootstrap(bootstrap, [
      { raw: '<Button variant="outline-secondary" size="sm" className="d-flex">', extension: 'tsx' },
    ]);
    expect(css).toContain('.btn-outline-secondary{');
    expect(css).toContain('.btn-sm{');
    expect(css).toContain('.d-flex{');
    expect(css).toContain('--bs-primary:');
    expect(css).not.toContain('.navbar{');
    expect(css).not.toContain('.accordion');
    expect(css.length).toBeLessThan(bootstrap.length / 2);
  });
});
