import path from 'node:path';
import { PurgeCSS, type RawContent } from 'purgecss';
import type { Plugin } from 'vite';

/** Bootstrap's two builds, as languageBoot emits them. */
const BOOTSTRAP = /^bootstrap(\.rtl)?\.min\.css$/;

const COLOURS = 'primary|secondary|success|danger|warning|info|light|dark';
const BREAKPOINTS = 'sm|md|lg|xl|xxl';
/** Every colour Bootstrap's colour utilities name (`danger-subtle`, `body-secondary`, `white-50`...). */
const ANY_COLOUR = `(${COLOURS})(-subtle|-emphasis)?|body(-secondary|-tertiary|-emphasis)?|white|black|transparent|muted|reset|white-50|black-50`;
// react-bootstrap's `bg`, `text` and `border` props (`bg-${bg}`...), shared by several components: any
// colour, as a prop takes any string (the account page's `<Card border="danger-subtle">`).
const BG = new RegExp(`^bg-(${ANY_COLOUR})$`);
const TEXT = new RegExp(`^text-(${ANY_COLOUR})$`);
const BORDER = new RegExp(`^border-(${ANY_COLOUR})$`);
/** Col's spans, orders and offsets (`col-${breakpoint}-${span}`), which Placeholder and a column Form.Label make too. */
const GRID = [/^col-/, /^order-/, /^offset-/];

/**
 * The classes made at run time from a prefix and a value (react-bootstrap's `${prefix}-${variant}`, the
 * app's own `carousel-item-${direction}`): no file holds them whole, so the scan cannot see them. One entry
 * for each react-bootstrap component the app imports, each with every value its props can take, and one for
 * each such template string in src/. unusedCss.test.ts fails when an import has no entry here.
 */
export const SAFELIST = {
  Alert: [new RegExp(`^alert-(${COLOURS}|dismissible)$`)],
  Badge: [BG, TEXT],
  Button: [new RegExp(`^btn-(outline-)?(${COLOURS}|link)$`), /^btn-(sm|lg)$/],
  Card: [BG, TEXT, BORDER, /^card-img-(top|bottom)$/],
  Col: GRID,
  Dropdown: [/^dropdown-(center|toggle-split)$/, /^dropdown-menu-/],
  Form: [
    ...GRID,
    /^form-control-(plaintext|color|sm|lg)$/,
    /^form-select-(sm|lg)$/,
    /^form-check-(inline|reverse)$/,
    /^(valid|invalid)-(feedback|tooltip)$/,
  ],
  // Form.Check's own module (components/Switch.tsx takes its props' type from it).
  FormCheck: [/^form-check-(inline|reverse)$/],
  InputGroup: [/^input-group-(sm|lg)$/],
  // The dialog, its content, backdrop, sizes, full-screen breakpoints, centred and scrolling forms.
  Modal: [/^modal-/, /^btn-close-white$/],
  // Placements, the responsive breakpoints, the backdrop and the toggling transition.
  Offcanvas: [/^offcanvas-/, /^btn-close-white$/],
  Placeholder: [...GRID, /^placeholder-(xs|sm|lg|glow|wave)$/, BG],
  ProgressBar: [/^progress-bar/, BG],
  Row: [new RegExp(`^row-cols-((${BREAKPOINTS})-)?(auto|\\d+)$`)],
  Spinner: [/^spinner-(border|grow)(-sm)?$/, TEXT],
  // features/catalog/components/BannerCarousel.tsx
  BannerCarousel: [/^carousel-item-(start|end|next|prev)$/],
} satisfies Record<string, RegExp[]>;

/** `css` without the rules that name something neither `content` (file globs, or text) holds nor SAFELIST allows. */
export async function purgeBootstrap(css: string, content: (string | RawContent)[]): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content,
    // Tests name classes to look for, not classes a page shows.
    skippedContentGlobs: ['**/*.test.{ts,tsx}', '**/src/test/**'],
    css: [{ raw: css }],
    safelist: { standard: Object.values(SAFELIST).flat() },
    // An animation no kept rule plays goes too; custom properties all stay (the app's CSS reads Bootstrap's).
    keyframes: true,
  });
  if (!result) throw new Error('unusedCss: PurgeCSS returned nothing');
  return result.css;
}

/**
 * Takes out of both Bootstrap stylesheets every rule that names a class, element or attribute no page of
 * the app can produce: render-blocking, they were 23 KB compressed of which a page used about 2. What a
 * page can produce is read from the app's sources (they hold the server bundle's markup, built after
 * this one) and from this build's JavaScript (react-bootstrap's own class names live only there), plus
 * SAFELIST. It rewrites the two assets before index.html gets their addresses (order 'pre', ahead of
 * Vite's HTML plugin), emitting them anew so their hashed names follow the purged content; precompress
 * compresses what is written, after this.
 */
export function dropUnusedCss(): Plugin {
  let root = '';
  let skip = false;
  return {
    name: 'shop:unused-css',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      // The server bundle links no stylesheet.
      skip = Boolean(config.build.ssr);
    },
    generateBundle: {
      order: 'pre',
      async handler(_options, bundle) {
        if (skip) return;
        const scripts: RawContent[] = Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [{ raw: item.code, extension: 'js' }] : [],
        );
        const sources = [path.join(root, 'index.html'), path.join(root, 'src/**/*.{ts,tsx,js}')];
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset') continue;
          const name = asset.names.find((candidate) => BOOTSTRAP.test(candidate));
          if (!name) continue;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          delete bundle[asset.fileName];
          this.emitFile({ type: 'asset', name, source: await purgeBootstrap(css, [...sources, ...scripts]) });
        }
      },
    },
  };
}
