/** The shop's fabric goods: the two TripPlus tees, the great-circle tee and the canvas tote. */
import { BRAND, darken, floorShadow, hGradient, plane, scene, text, wordmark } from './svg.ts';

/** A crew-neck tee laid flat, front view, centred on x = 400. */
const TEE =
  'M338,168 C300,178 262,186 232,196 L128,318 L196,372 C212,356 232,340 250,330 ' +
  'C252,440 244,560 246,652 Q400,668 554,652 C556,560 548,440 550,330 ' +
  'C568,340 588,356 604,372 L672,318 L568,196 C538,186 500,178 462,168 ' +
  'C440,214 360,214 338,168 Z';
const NECK_FRONT = 'M338,168 C360,214 440,214 462,168';
const NECK_BACK = 'M338,168 C365,150 435,150 462,168 C440,214 360,214 338,168 Z';

interface TeeColours {
  body: string;
  outline?: string;
  tint: string;
  /** How dark the fold shadows are (less on a light shirt). */
  folds: number;
}

/** The shirt with its collar, seams, hems and folds; `print` is drawn on the chest. */
function tee(c: TeeColours, print: string): string {
  const seam = darken(c.body, 0.18);
  const fold = (d: string, colour: string, opacity: number, width = 10) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}" filter="url(#blur4)"/>`;
  const stitch = (d: string) =>
    `<path d="${d}" fill="none" stroke="${seam}" stroke-width="2" stroke-dasharray="7 5" opacity="0.8"/>`;
  const defs =
    `<clipPath id="tee"><path d="${TEE}"/></clipPath>` +
    hGradient('teeShade', [
      [0, '#000', 0.2],
      [0.22, '#000', 0.04],
      [0.5, '#fff', 0.06],
      [0.78, '#000', 0.04],
      [1, '#000', 0.24],
    ]);
  const body = `
  ${floorShadow(400, 668, 250, 20, 0.2)}
  <path d="${NECK_BACK}" fill="${darken(c.body, c.outline ? 0.14 : 0.25)}"/>
  <path d="${TEE}" fill="${c.body}" stroke="${c.outline ?? 'none'}" stroke-width="2"/>
  <g clip-path="url(#tee)">
    <rect x="100" y="140" width="600" height="540" fill="url(#teeShade)"/>
    <path d="M232,196 C246,240 252,290 250,330" fill="none" stroke="${seam}" stroke-width="3" opacity="0.7"/>
    <path d="M568,196 C554,240 548,290 550,330" fill="none" stroke="${seam}" stroke-width="3" opacity="0.7"/>
    ${stitch('M140,328 L206,382')}
    ${stitch('M660,328 L594,382')}
    ${stitch('M246,638 Q400,654 554,638')}
    ${fold('M262,352 C286,368 300,392 306,420', '#000', c.folds)}
    ${fold('M538,352 C514,368 500,392 494,420', '#000', c.folds)}
    ${fold('M300,600 C340,618 380,624 430,620', '#000', c.folds * 0.8, 12)}
  </g>
  <path d="${NECK_FRONT}" fill="none" stroke="${darken(c.body, 0.08)}" stroke-width="16"/>
  <path d="M346,176 C366,218 434,218 454,176" fill="none" stroke="${seam}" stroke-width="2" stroke-dasharray="6 4"/>
  ${print}`;
  return scene(body, c.tint, defs);
}

export function tripplusTee(colour: 'navy' | 'white'): string {
  if (colour === 'navy')
    return tee(
      { body: '#22335a', tint: '#eef0f3', folds: 0.16 },
      wordmark(400, 292, 30, '#f1f3f5'),
    );
  return tee(
    { body: '#fbfbf9', outline: '#d8d4cc', tint: '#e4e9ef', folds: 0.05 },
    wordmark(400, 292, 30, BRAND.navy),
  );
}

/** Charcoal tee with a globe and a great-circle route drawn across it. */
export function greatCircleTee(): string {
  const cx = 400;
  const cy = 420;
  const r = 118;
  const line = '#e9ecef';
  const meridians = [0.25, 0.6, 0.88]
    .map((k) => `<ellipse cx="${cx}" cy="${cy}" rx="${r * k}" ry="${r}"/>`)
    .join('');
  const parallels = [-0.62, -0.3, 0, 0.3, 0.62]
    .map((k) => {
      const y = cy + r * k;
      const half = r * Math.sqrt(1 - k * k);
      return `<path d="M${cx - half},${y} Q${cx},${y + 12 * (1 - Math.abs(k))} ${cx + half},${y}"/>`;
    })
    .join('');
  const print = `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" opacity="0.05"/>
  <g fill="none" stroke="${line}" stroke-width="2.5" opacity="0.55">${meridians}${parallels}</g>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${line}" stroke-width="4"/>
  <path d="M316,486 C330,330 460,270 520,312" fill="none" stroke="${BRAND.amber}" stroke-width="5" stroke-dasharray="12 9" stroke-linecap="round"/>
  <circle cx="316" cy="486" r="9" fill="${BRAND.amber}"/>
  <circle cx="316" cy="486" r="17" fill="none" stroke="${BRAND.amber}" stroke-width="3" opacity="0.6"/>
  ${plane(532, 322, 34, BRAND.amber, 118)}
  ${text(400, 584, 'GREAT CIRCLE', { size: 22, fill: line, weight: 700, spacing: 6 })}`;
  return tee({ body: '#3a3d43', tint: '#efece7', folds: 0.14 }, print);
}

/** A natural canvas tote with two handles and the TripPlus print. */
export function canvasTote(): string {
  const canvas = '#e8dcc2';
  const strap = darken(canvas, 0.08);
  const seam = darken(canvas, 0.28);
  const handle = (d: string, colour: string) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="28" stroke-linecap="butt"/>` +
    `<path d="${d}" fill="none" stroke="${seam}" stroke-width="1.6" stroke-dasharray="6 5" opacity="0.7"/>`;
  const box = (x: number) =>
    `<g stroke="${seam}" stroke-width="1.6" fill="none" opacity="0.8"><rect x="${x - 13}" y="300" width="26" height="30"/><path d="M${x - 13},300 L${x + 13},330 M${x + 13},300 L${x - 13},330"/></g>`;
  const defs =
    hGradient('toteShade', [
      [0, '#000', 0.12],
      [0.3, '#fff', 0.08],
      [0.7, '#000', 0],
      [1, '#000', 0.16],
    ]) +
    `<pattern id="weave" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,0.5H6M0.5,0V6" stroke="#8a7a5a" stroke-width="1" opacity="0.035"/></pattern>`;
  const body = `
  ${floorShadow(400, 706, 210, 18, 0.24)}
  ${handle('M318,290 C318,110 482,110 482,290', darken(canvas, 0.2))}
  <path d="M212,284 L588,284 L600,696 Q400,708 200,696 Z" fill="${canvas}"/>
  <path d="M212,284 L588,284 L600,696 Q400,708 200,696 Z" fill="url(#weave)"/>
  <path d="M212,284 L588,284 L600,696 Q400,708 200,696 Z" fill="url(#toteShade)"/>
  <rect x="212" y="284" width="376" height="30" fill="${darken(canvas, 0.04)}"/>
  <path d="M214,322 L586,322" stroke="${seam}" stroke-width="1.6" stroke-dasharray="6 5"/>
  ${handle('M292,326 C292,140 508,140 508,326', strap)}
  ${box(292)}${box(508)}
  <path d="M290,472 C330,420 430,400 500,430" fill="none" stroke="${BRAND.navy}" stroke-width="3.5" stroke-dasharray="10 8" stroke-linecap="round" opacity="0.85"/>
  <circle cx="290" cy="472" r="6" fill="${BRAND.navy}"/>
  ${plane(512, 436, 26, BRAND.navy, 105)}
  ${wordmark(400, 530, 46, BRAND.navy)}
  ${text(400, 582, 'MILES · POINTS · JOURNEYS', { size: 15, fill: BRAND.navy, weight: 700, spacing: 4 })}
  <path d="M250,610 C300,640 360,650 420,648" fill="none" stroke="#000" stroke-width="12" opacity="0.05" filter="url(#blur4)"/>`;
  return scene(body, '#eef0ea', defs);
}
