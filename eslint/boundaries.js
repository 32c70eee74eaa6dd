// Import boundaries, checked on the resolved path of every relative import (and on package names), so
// `../../catalog/x` and `@/features/catalog/x` are judged alike:
// - web `components/ hooks/ lib/ api/ i18n/` are shared by every screen and never reach into `features/`;
// - a feature uses another feature only through that feature's public `index.ts`;
// - api `lib/` holds plain helpers: it never imports the Fastify `plugins/` or the `modules/`;
// - contracts are shared by both apps and import nothing of either.
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const web = path.join(root, 'apps/web/src');
const features = path.join(web, 'features');
const apiSrc = path.join(root, 'apps/api/src');
const contracts = path.join(root, 'packages/contracts');
const SHARED_WEB = ['components', 'hooks', 'lib', 'api', 'i18n'].map((dir) => path.join(web, dir));

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const featureOf = (file) => (inside(file, features) ? path.relative(features, file).split(path.sep)[0] : null);

function violation(file, source) {
  if (inside(file, contracts)) {
    if (/^@shop\/(api|web)(\/|$)/.test(source)) return `contracts import nothing of the apps ('${source}')`;
  }
  if (!source.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), source);
  if (inside(file, contracts) && !inside(target, contracts))
    return `contracts import nothing outside packages/contracts ('${source}')`;
  if (SHARED_WEB.some((dir) => inside(file, dir)) && inside(target, features)) {
    return `shared web code (components, hooks, lib, api, i18n) never imports a feature ('${source}')`;
  }
  const from = featureOf(file);
  const to = featureOf(target);
  if (from && to && from !== to) {
    const publicEntry = path.join(features, to);
    if (
      target !== publicEntry &&
      target !== path.join(publicEntry, 'index') &&
      target !== path.join(publicEntry, 'index.ts')
    ) {
      return `feature '${from}' imports feature '${to}' only through its index.ts ('${source}')`;
    }
  }
  if (
    inside(file, path.join(apiSrc, 'lib')) &&
    (inside(target, path.join(apiSrc, 'plugins')) || inside(target, path.join(apiSrc, 'modules')))
  ) {
    return `api lib/ never imports plugins/ or modules/ ('${source}')`;
  }
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    docs: { description: 'import boundaries between the packages and the layers of each app' },
  },
  create(context) {
    const file = context.physicalFilename;
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = violation(file, source.value);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };
