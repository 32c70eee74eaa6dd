import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { StoredImage } from '../lib/images.js';
import { escapeMarkup } from '../lib/markup.js';
import type { Shape } from './catalogue.js';
import { at, type TileSpec } from './products.js';

/**
 * Product pictures for the demo catalogue: an SVG tile (soft background, a simple drawing of the
 * item, the brand and model) rendered by sharp straight to webp. Uploads go through toWebp, which
 * only accepts png/jpeg; these never leave our code, so they skip that check but are named the same
 * way (content hash), so the image store and /uploads treat them like any upload.
 */

const SIZE = 800;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/**
 * Each drawing is centred on (0,0) and about 400 units across; `c` is the body colour, `a` the accent,
 * and `m(y)` writes the brand's initials centred at height y, on an accent area (a screen, a label).
 */
const SHAPES: Record<Shape, (c: string, a: string, m: (y: number) => string) => string> = {
  phone: (c, a, m) =>
    `<rect x="-105" y="-200" width="210" height="400" rx="34" fill="${c}"/><rect x="-92" y="-182" width="184" height="352" rx="16" fill="${a}"/><circle cx="0" cy="-168" r="6" fill="${c}"/>${m(0)}`,
  tablet: (c, a, m) =>
    `<rect x="-155" y="-200" width="310" height="400" rx="28" fill="${c}"/><rect x="-138" y="-182" width="276" height="364" rx="12" fill="${a}"/>${m(0)}`,
  tv: (c, a, m) =>
    `<rect x="-235" y="-160" width="470" height="280" rx="12" fill="${c}"/><rect x="-220" y="-146" width="440" height="252" rx="4" fill="${a}"/><rect x="-14" y="120" width="28" height="46" fill="${c}"/><rect x="-110" y="162" width="220" height="16" rx="8" fill="${c}"/>${m(-20)}`,
  laptop: (c, a, m) =>
    `<rect x="-175" y="-170" width="350" height="235" rx="14" fill="${c}"/><rect x="-160" y="-156" width="320" height="207" rx="4" fill="${a}"/><path d="M-215 75 H215 L250 118 H-250 Z" fill="${c}"/>${m(-52)}`,
  headphones: (c, a) =>
    `<path d="M-140 40 V-10 A140 140 0 0 1 140 -10 V40" fill="none" stroke="${c}" stroke-width="30" stroke-linecap="round"/><rect x="-190" y="0" width="90" height="150" rx="40" fill="${c}"/><rect x="100" y="0" width="90" height="150" rx="40" fill="${c}"/><rect x="-172" y="28" width="54" height="94" rx="24" fill="${a}"/><rect x="118" y="28" width="54" height="94" rx="24" fill="${a}"/>`,
  watch: (c, a, m) =>
    `<rect x="-62" y="-200" width="124" height="400" rx="30" fill="${c}"/><rect x="-105" y="-120" width="210" height="240" rx="54" fill="#2b2d31"/><rect x="-88" y="-103" width="176" height="206" rx="42" fill="${a}"/>${m(0)}`,
  gamepad: (c, a) =>
    `<rect x="-210" y="-95" width="420" height="190" rx="95" fill="${c}"/><rect x="-150" y="-18" width="84" height="28" rx="6" fill="${a}"/><rect x="-122" y="-46" width="28" height="84" rx="6" fill="${a}"/><circle cx="105" cy="-28" r="18" fill="${a}"/><circle cx="145" cy="8" r="18" fill="${a}"/><circle cx="65" cy="8" r="18" fill="${a}"/><circle cx="105" cy="44" r="18" fill="${a}"/>`,
  fridge: (c, a) =>
    `<rect x="-140" y="-205" width="280" height="410" rx="20" fill="${c}"/><rect x="-140" y="-60" width="280" height="8" fill="${a}"/><rect x="95" y="-170" width="14" height="80" rx="7" fill="${a}"/><rect x="95" y="-20" width="14" height="110" rx="7" fill="${a}"/>`,
  kettle: (c, a) =>
    `<path d="M-110 -150 H110 L90 150 H-90 Z" fill="${c}"/><path d="M110 -110 Q190 -100 170 40 L150 40 Q165 -80 100 -80 Z" fill="${c}"/><rect x="-135" y="150" width="270" height="44" rx="16" fill="${a}"/><rect x="-60" y="-190" width="120" height="40" rx="14" fill="${a}"/>`,
  ac: (c, a) =>
    `<rect x="-245" y="-90" width="490" height="180" rx="26" fill="${c}"/><rect x="-210" y="42" width="420" height="12" rx="6" fill="${a}"/><rect x="-210" y="64" width="420" height="8" rx="4" fill="${a}"/><rect x="150" y="-60" width="60" height="24" rx="6" fill="${a}"/>`,
  pot: (c, a) =>
    `<rect x="-160" y="-50" width="320" height="200" rx="36" fill="${c}"/><rect x="-215" y="-20" width="70" height="26" rx="13" fill="${c}"/><rect x="145" y="-20" width="70" height="26" rx="13" fill="${c}"/><ellipse cx="0" cy="-60" rx="175" ry="30" fill="${a}"/><rect x="-30" y="-112" width="60" height="34" rx="14" fill="${c}"/>`,
  stack: (c, a) =>
    `<rect x="-190" y="40" width="380" height="110" rx="30" fill="${c}"/><rect x="-170" y="-70" width="340" height="110" rx="30" fill="${a}"/><rect x="-150" y="-180" width="300" height="110" rx="30" fill="${c}"/>`,
  shirt: (c, a) =>
    `<path d="M-70 -190 L-205 -115 L-150 -10 L-110 -40 L-110 195 H110 L110 -40 L150 -10 L205 -115 L70 -190 Q0 -135 -70 -190 Z" fill="${c}"/><path d="M-70 -190 Q0 -135 70 -190" fill="none" stroke="${a}" stroke-width="10"/>`,
  shoe: (c, a) =>
    `<path d="M-215 70 Q-220 -40 -130 -60 L-50 -85 Q0 -20 90 -10 L190 12 Q235 35 225 80 Z" fill="${c}"/><rect x="-225" y="70" width="460" height="40" rx="18" fill="${a}"/><path d="M-40 -60 L20 -30 M-20 -75 L40 -42" stroke="${a}" stroke-width="10" stroke-linecap="round"/>`,
  pouch: (c, a, m) =>
    `<path d="M-150 -190 H150 Q175 0 150 190 H-150 Q-125 0 -150 -190 Z" fill="${c}"/><rect x="-150" y="-60" width="300" height="120" fill="${a}"/>${m(0)}`,
  jar: (c, a, m) =>
    `<rect x="-120" y="-180" width="240" height="70" rx="14" fill="${c}"/><rect x="-150" y="-115" width="300" height="305" rx="44" fill="${c}" opacity="0.9"/><rect x="-150" y="-40" width="300" height="150" fill="${a}"/>${m(35)}`,
  bottle: (c, a, m) =>
    `<rect x="-42" y="-205" width="84" height="60" rx="12" fill="${a}"/><path d="M-40 -150 H40 Q110 -115 110 -40 V170 Q110 198 82 198 H-82 Q-110 198 -110 170 V-40 Q-110 -115 -40 -150 Z" fill="${c}"/><rect x="-110" y="-10" width="220" height="130" fill="${a}"/>${m(55)}`,
  perfume: (c, a, m) =>
    `<rect x="-60" y="-200" width="120" height="70" rx="10" fill="#2b2d31"/><rect x="-28" y="-135" width="56" height="40" fill="${a}"/><rect x="-140" y="-100" width="280" height="290" rx="36" fill="${c}" opacity="0.85"/><rect x="-110" y="-20" width="220" height="120" rx="10" fill="${a}"/>${m(40)}`,
  carton: (c, a, m) =>
    `<path d="M-115 -110 L0 -195 L115 -110 Z" fill="${a}"/><rect x="-115" y="-112" width="230" height="305" rx="10" fill="${c}"/><circle cx="45" cy="-150" r="20" fill="${c}"/><rect x="-115" y="-20" width="230" height="120" fill="${a}"/>${m(40)}`,
  box: (c, a, m) =>
    `<path d="M-160 -120 L-110 -180 H200 L150 -120 Z" fill="${a}"/><path d="M150 -120 L200 -180 V130 L150 190 Z" fill="${c}" opacity="0.75"/><rect x="-160" y="-120" width="310" height="310" rx="8" fill="${c}"/><rect x="-160" y="-20" width="310" height="110" fill="${a}"/>${m(35)}`,
  bear: (c, a) =>
    `<circle cx="-95" cy="-165" r="48" fill="${c}"/><circle cx="95" cy="-165" r="48" fill="${c}"/><ellipse cx="0" cy="125" rx="135" ry="95" fill="${c}"/><circle cx="0" cy="-70" r="125" fill="${c}"/><ellipse cx="0" cy="-25" rx="55" ry="42" fill="${a}"/><circle cx="-45" cy="-100" r="13" fill="#2b2d31"/><circle cx="45" cy="-100" r="13" fill="#2b2d31"/><circle cx="0" cy="-38" r="14" fill="#2b2d31"/>`,
  dumbbell: (c, a) =>
    `<rect x="-215" y="-16" width="430" height="32" rx="12" fill="${a}"/><rect x="-170" y="-110" width="60" height="220" rx="14" fill="${c}"/><rect x="110" y="-110" width="60" height="220" rx="14" fill="${c}"/><rect x="-215" y="-80" width="45" height="160" rx="12" fill="${c}"/><rect x="170" y="-80" width="45" height="160" rx="12" fill="${c}"/>`,
};

/** The brand's initials in the item's own colour, as printed on its screen or label. */
const mark = (initials: string, colour: string) => (y: number) =>
  `<text x="0" y="${y + 27}" font-family="${FONT}" font-size="76" font-weight="700" text-anchor="middle" fill="${colour}" stroke="none">${escapeMarkup(initials)}</text>`;

/** Splits a long model name over two lines at the space nearest the middle. */
function titleLines(title: string): string[] {
  if (title.length <= 24) return [title];
  const middle = title.length / 2;
  let best = -1;
  for (let i = title.indexOf(' '); i !== -1; i = title.indexOf(' ', i + 1)) {
    if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  }
  return best === -1 ? [title] : [title.slice(0, best), title.slice(best + 1)];
}

/** Per view: tilt, scale and background lightness, so a product's 2nd and 3rd pictures differ from the 1st. */
const VIEWS = [
  { angle: 0, scale: 1, light: 95 },
  { angle: -14, scale: 0.92, light: 91 },
  { angle: 10, scale: 0.84, light: 97 },
] as const;

function tileSvg(spec: TileSpec): string {
  const view = VIEWS[spec.view % VIEWS.length] ?? VIEWS[0];
  const accent = `hsl(${spec.hue}, 40%, 84%)`;
  const lines = titleLines(spec.title);
  const longest = Math.max(...lines.map((l) => l.length));
  const fontSize = Math.min(46, Math.floor(1250 / longest));
  const titleY = lines.length === 1 ? 712 : 690;
  const title = lines
    .map((line, i) => `<tspan x="400" y="${titleY + i * (fontSize + 8)}">${escapeMarkup(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs><radialGradient id="bg" cx="50%" cy="38%" r="75%"><stop offset="0" stop-color="hsl(${spec.hue}, 60%, ${view.light + 3}%)"/><stop offset="1" stop-color="hsl(${spec.hue}, 45%, ${view.light - 8}%)"/></radialGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
<ellipse cx="400" cy="572" rx="${Math.round(230 * view.scale)}" ry="24" fill="#000" opacity="0.08"/>
<g transform="translate(400 345) rotate(${view.angle}) scale(${view.scale * 0.95})" stroke="#000" stroke-opacity="0.12" stroke-width="3">${SHAPES[spec.shape](spec.colour, accent, mark(spec.initials, spec.colour))}</g>
<text x="400" y="636" font-family="${FONT}" font-size="28" font-weight="700" letter-spacing="5" text-anchor="middle" fill="#6b6f76">${escapeMarkup(spec.heading.toUpperCase())}</text>
<text font-family="${FONT}" font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#23262b">${title}</text>
</svg>`;
}

async function renderTile(spec: TileSpec): Promise<StoredImage> {
  // effort 2: about twice as fast as the default for flat drawings, at a few percent more bytes.
  const bytes = await sharp(Buffer.from(tileSvg(spec)))
    .webp({ quality: 82, effort: 2 })
    .toBuffer();
  return {
    name: `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`,
    bytes,
    contentType: 'image/webp',
  };
}

/**
 * Tiles rendered at once: sharp works on libuv's thread pool (4 threads), so a handful in flight keeps
 * both cores busy without holding hundreds of decoded 800×800 canvases in memory.
 */
const IN_FLIGHT = 6;

/** Renders every tile, in order, calling onProgress after each. */
export async function renderTiles(
  specs: readonly TileSpec[],
  onProgress: (done: number) => void,
): Promise<StoredImage[]> {
  const out = new Array<StoredImage>(specs.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < specs.length) {
      const index = next++;
      out[index] = await renderTile(at(specs, index));
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, specs.length) }, worker));
  return out;
}
