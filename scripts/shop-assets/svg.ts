/**
 * Shared pieces of the shop's product art (scripts/shop-assets.ts): the 800×800 canvas with its
 * soft backdrop, the floor shadow, the TripPlus plane glyph and wordmark, and a little colour
 * arithmetic. Everything is plain SVG text, drawn by sharp (librsvg).
 */

export const SIZE = 800;

/** The site's own colours (web/public/favicon.svg and the app's theme). */
export const BRAND = {
  blue: '#1864ab',
  navy: '#1b2a4a',
  ink: '#1f2933',
  amber: '#f59f00',
  orange: '#f76707',
  teal: '#0c8599',
};

export const FONT = "'Noto Sans CJK SC', 'Liberation Sans', sans-serif";

/** The plane of the favicon, nose up, in a 32×32 box (centre 16,15). */
const PLANE_PATH =
  'M27 19v-2.5l-9-5.6V5.7a2 2 0 0 0-4 0v5.2l-9 5.6V19l9-2.8v5.4l-2.5 1.9V25l4.5-1.3 4.5 1.3v-1.5L18 21.6v-5.4z';

/** The plane glyph centred on (x, y), `size` pixels tall, turned `angle` degrees (0 = nose up). */
export function plane(x: number, y: number, size: number, fill: string, angle = 0): string {
  const scale = size / 22;
  return `<path d="${PLANE_PATH}" fill="${fill}" transform="translate(${x} ${y}) rotate(${angle}) scale(${scale}) translate(-16 -15)"/>`;
}

/** "TripPlus" with the plane before it, centred on (x, y) as the text's middle. */
export function wordmark(
  x: number,
  y: number,
  fontSize: number,
  fill: string,
  weight = 700,
): string {
  const textWidth = fontSize * 3.95; // Noto Sans CJK Bold: "TripPlus" is about 3.95 em wide
  const glyph = fontSize * 0.95;
  const gap = fontSize * 0.28;
  const left = x - (textWidth + glyph + gap) / 2;
  return (
    plane(left + glyph / 2, y - fontSize * 0.02, glyph, fill, 45) +
    text(left + glyph + gap, y, 'TripPlus', { size: fontSize, fill, weight, anchor: 'start' })
  );
}

interface TextOptions {
  size: number;
  fill: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  spacing?: number;
  extra?: string;
}

/** One line of text, vertically centred on y (SVG's baseline is moved down by ~0.36 em). */
export function text(x: number, y: number, content: string, o: TextOptions): string {
  const baseline = y + o.size * 0.36;
  const spacing = o.spacing ? ` letter-spacing="${o.spacing}"` : '';
  return `<text x="${x}" y="${baseline}" font-family="${FONT}" font-size="${o.size}" font-weight="${o.weight ?? 400}" fill="${o.fill}" text-anchor="${o.anchor ?? 'middle'}"${spacing} ${o.extra ?? ''}>${content}</text>`;
}

/** A soft shadow on the floor under a product: a blurred ellipse. */
export function floorShadow(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.22,
): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#3a3530" opacity="${opacity}" filter="url(#soft)"/>`;
}

/** Mixes hex colour `a` toward `b` by t (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  const channel = (i: number) =>
    Math.round(pa[i]! + (pb[i]! - pa[i]!) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

export const lighten = (colour: string, t: number) => mix(colour, '#ffffff', t);
export const darken = (colour: string, t: number) => mix(colour, '#000000', t);

function parse(hex: string): number[] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}

/** A small seeded random generator, so the art is the same on every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The whole picture: a light backdrop (a soft radial glow from `tint`, fading to a slightly
 * darker edge, like a plain photo sweep) with the product drawn on top. `defs` adds gradients.
 */
export function scene(body: string, tint = '#f4f1ec', defs = ''): string {
  const edge = mix(tint, '#cfc8bd', 0.35);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>
  <radialGradient id="backdrop" cx="50%" cy="42%" r="75%">
    <stop offset="0" stop-color="${lighten(tint, 0.45)}"/>
    <stop offset="0.6" stop-color="${tint}"/>
    <stop offset="1" stop-color="${edge}"/>
  </radialGradient>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="blur4" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="4"/></filter>
  ${defs}
</defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#backdrop)"/>
${body}
</svg>`;
}

/** A linear gradient across x (left to right) through the given stops. */
export function hGradient(id: string, stops: [number, string, number?][]): string {
  return gradient(id, '0', '0', '1', '0', stops);
}

/** A linear gradient down y (top to bottom). */
export function vGradient(id: string, stops: [number, string, number?][]): string {
  return gradient(id, '0', '0', '0', '1', stops);
}

function gradient(
  id: string,
  x1: string,
  y1: string,
  x2: string,
  y2: string,
  stops: [number, string, number?][],
): string {
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}
