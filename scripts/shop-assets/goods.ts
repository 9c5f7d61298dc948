/** The shop's travel goods: passport covers, luggage tags, tumbler, packing cubes and stickers. */
import {
  BRAND,
  darken,
  floorShadow,
  hGradient,
  lighten,
  plane,
  scene,
  text,
  vGradient,
  wordmark,
} from './svg.ts';

/** A blurred copy of `shape` (an SVG element), shifted down, as the shadow of a flat-lying thing. */
function dropShadow(shape: string, dy = 14, opacity = 0.25): string {
  return `<g transform="translate(6 ${dy})" opacity="${opacity}" filter="url(#soft)">${shape}</g>`;
}

/** Pressed into the leather: a highlight below, a shadow above, the darkened leather between. */
function debossed(content: (fill: string) => string, leather: string): string {
  return (
    `<g transform="translate(0 2)" opacity="0.5">${content(lighten(leather, 0.35))}</g>` +
    `<g transform="translate(0 -1.5)" opacity="0.8">${content(darken(leather, 0.45))}</g>` +
    content(darken(leather, 0.12))
  );
}

export function passportCover(colour: 'black' | 'tan'): string {
  const leather = colour === 'black' ? '#26272b' : '#b9824f';
  const thread = colour === 'black' ? '#6c6f76' : '#f3e3c8';
  const cover = `<rect x="235" y="150" width="330" height="470" rx="24" fill="#000"/>`;
  const defs = hGradient('sheen', [
    [0, '#fff', 0.1],
    [0.45, '#fff', 0.02],
    [0.7, '#000', 0.06],
    [1, '#000', 0.18],
  ]);
  const emblem = (fill: string) =>
    `<circle cx="400" cy="330" r="56" fill="none" stroke="${fill}" stroke-width="5"/>` +
    `<circle cx="400" cy="330" r="44" fill="none" stroke="${fill}" stroke-width="2"/>` +
    plane(400, 330, 50, fill, 45);
  const body = `
  <g transform="rotate(-6 400 400)">
    ${dropShadow(cover, 18, 0.35)}
    <g transform="rotate(8 470 170)">
      ${dropShadow('<rect x="392" y="50" width="160" height="250" rx="6" fill="#000"/>', 6, 0.2)}
      <rect x="392" y="50" width="160" height="250" rx="6" fill="#fdfcf9"/>
      <path d="M398,50 H546 Q552,50 552,56 V84 H392 V56 Q392,50 398,50 Z" fill="${BRAND.blue}"/>
      ${plane(412, 67, 16, '#ffffff', 90)}
      <path d="M430,67 H500" stroke="#ffffff" stroke-width="5" stroke-linecap="round" opacity="0.8"/>
      <path d="M408,108 H470 M408,128 H520 M486,108 H536" stroke="#c9ced6" stroke-width="6" stroke-linecap="round"/>
    </g>
    <rect x="235" y="150" width="330" height="470" rx="24" fill="${leather}"/>
    <rect x="235" y="150" width="330" height="470" rx="24" fill="url(#sheen)"/>
    <rect x="253" y="168" width="294" height="434" rx="14" fill="none" stroke="${thread}" stroke-width="2.5" stroke-dasharray="9 6" opacity="0.85"/>
    <rect x="237" y="152" width="326" height="466" rx="23" fill="none" stroke="${darken(leather, 0.3)}" stroke-width="3"/>
    ${debossed(emblem, leather)}
    ${debossed((fill) => text(400, 470, 'TripPlus', { size: 50, fill, weight: 700 }), leather)}
    ${debossed((fill) => text(400, 520, 'PASSPORT', { size: 16, fill, weight: 700, spacing: 7 }), leather)}
  </g>`;
  return scene(body, colour === 'black' ? '#efece6' : '#eceff1', defs);
}

/** One luggage tag with its strap loop, drawn upright around (0, 0) and then placed. */
function tag(x: number, y: number, angle: number, colour: string): string {
  const dark = darken(colour, 0.22);
  const outline =
    'M-70,-190 L70,-190 L115,-145 L115,170 Q115,200 85,200 L-85,200 Q-115,200 -115,170 L-115,-145 Z';
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
    ${dropShadow(`<path d="${outline}" fill="#000"/>`, 16, 0.3)}
    <path d="M-9,-150 C-60,-230 -40,-300 0,-300 C40,-300 60,-230 9,-150" fill="none" stroke="${dark}" stroke-width="20" stroke-linecap="round"/>
    <path d="M-9,-150 C-60,-230 -40,-300 0,-300 C40,-300 60,-230 9,-150" fill="none" stroke="${lighten(dark, 0.4)}" stroke-width="1.5" stroke-dasharray="5 4"/>
    <g transform="translate(-41 -236) rotate(-12)"><rect x="-19" y="-13" width="38" height="26" rx="5" fill="#dfe3e8" stroke="#9aa3ad" stroke-width="3"/><rect x="-11" y="-4" width="22" height="8" rx="3" fill="#9aa3ad"/></g>
    <path d="${outline}" fill="${colour}"/>
    <path d="${outline}" fill="url(#tagSheen)"/>
    <path d="M-64,-178 L64,-178 L103,-139 L103,166 Q103,188 81,188 L-81,188 Q-103,188 -103,166 L-103,-139 Z" fill="none" stroke="${lighten(colour, 0.45)}" stroke-width="2.5" stroke-dasharray="8 6"/>
    <circle cx="0" cy="-150" r="17" fill="#eef1f4" stroke="#aeb6bf" stroke-width="6"/>
    <circle cx="0" cy="-150" r="9" fill="${dark}"/>
    <path d="M-9,-152 C-20,-175 20,-175 9,-152" fill="none" stroke="${dark}" stroke-width="14"/>
    ${wordmark(0, -95, 22, '#ffffff')}
    <rect x="-88" y="-60" width="176" height="228" rx="12" fill="${darken(colour, 0.12)}"/>
    <rect x="-78" y="-50" width="156" height="208" rx="8" fill="#fbfbf8"/>
    <path d="M-58,-10 H58 M-58,30 H58 M-58,70 H58 M-58,110 H20" stroke="#d3d8de" stroke-width="3" stroke-linecap="round"/>
    ${plane(-52, -30, 16, colour, 45)}
  </g>`;
}

export function luggageTags(): string {
  const defs = hGradient('tagSheen', [
    [0, '#fff', 0.14],
    [0.5, '#fff', 0],
    [1, '#000', 0.12],
  ]);
  return scene(tag(300, 450, -11, BRAND.teal) + tag(510, 430, 9, BRAND.orange), '#f1efea', defs);
}

export function travelTumbler(): string {
  // Seen a little from above, so every ring around it sags in the middle.
  const ring = (y: number, half: number, sag = 14) =>
    `${400 - half},${y} Q400,${y + sag * 2} ${400 + half},${y}`;
  const bodyPath = `M300,236 L300,560 L318,676 Q400,704 482,676 L500,560 L500,236 Z`;
  const defs =
    hGradient('steel', [
      [0, '#c3c9d0'],
      [0.16, '#f1f3f5'],
      [0.3, '#ffffff'],
      [0.72, '#e6e9ed'],
      [1, '#aeb5be'],
    ]) +
    hGradient('shade', [
      [0, '#000', 0.3],
      [0.3, '#fff', 0.14],
      [0.72, '#000', 0.04],
      [1, '#000', 0.38],
    ]);
  const body = `
  ${floorShadow(400, 694, 140, 18, 0.32)}
  <path d="${bodyPath}" fill="url(#steel)"/>
  <path d="M${ring(410, 100)} L500,520 Q400,548 300,520 Z" fill="${BRAND.navy}"/>
  <path d="M${ring(410, 100)} L500,520 Q400,548 300,520 Z" fill="url(#shade)"/>
  ${wordmark(400, 480, 30, '#f1f3f5')}
  <path d="M${ring(636, 94)}" fill="none" stroke="#b8bfc7" stroke-width="2.5"/>
  <path d="M300,244 L296,212 Q400,190 504,212 L500,244 Q400,272 300,244 Z" fill="#5c6470"/>
  <path d="M296,212 L308,176 Q400,158 492,176 L504,212 Q400,240 296,212 Z" fill="url(#steel)"/>
  <ellipse cx="400" cy="174" rx="92" ry="20" fill="#f8f9fa" stroke="#c3c9d0" stroke-width="2"/>
  <ellipse cx="400" cy="174" rx="72" ry="14" fill="#e3e7eb"/>
  <path d="M350,176 Q400,192 450,176 L446,166 Q400,180 354,166 Z" fill="${BRAND.navy}"/>
  <ellipse cx="400" cy="172" rx="20" ry="5" fill="#0f1830"/>`;
  return scene(body, '#e9eef3', defs);
}

/** A packing cube in oblique view: front face at (x, y) w×h, top face `depth` deep. */
function cube(x: number, y: number, w: number, h: number, depth: number, colour: string): string {
  const dx = depth;
  const dy = -depth * 0.62;
  const top = `M${x},${y} L${x + w},${y} L${x + w + dx},${y + dy} L${x + dx},${y + dy} Z`;
  const side = `M${x + w},${y} L${x + w + dx},${y + dy} L${x + w + dx},${y + dy + h} L${x + w},${y + h} Z`;
  const m = 0.16; // the mesh window's margin, as a share of the top face
  const mesh = `M${x + w * m + dx * m},${y + dy * m} L${x + w * (1 - m) + dx * m},${y + dy * m} L${x + w * (1 - m) + dx * (1 - m)},${y + dy * (1 - m)} L${x + w * m + dx * (1 - m)},${y + dy * (1 - m)} Z`;
  const zip = `M${x + 14},${y + 16} L${x + w - 10},${y + 16} L${x + w + dx - 6},${y + dy + 12}`;
  const round = `stroke-linejoin="round" stroke-width="16"`;
  return `
  <path d="${side}" fill="${darken(colour, 0.22)}" stroke="${darken(colour, 0.22)}" ${round}/>
  <path d="${top}" fill="${lighten(colour, 0.18)}" stroke="${lighten(colour, 0.18)}" ${round}/>
  <path d="${mesh}" fill="url(#mesh)" stroke="${darken(colour, 0.1)}" stroke-width="3"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}" stroke="${colour}" ${round}/>
  <path d="${zip}" fill="none" stroke="${darken(colour, 0.45)}" stroke-width="7" stroke-linejoin="round"/>
  <path d="${zip}" fill="none" stroke="${lighten(colour, 0.5)}" stroke-width="4" stroke-dasharray="2 3"/>
  <rect x="${x + w - 70}" y="${y + 8}" width="26" height="16" rx="4" fill="#d0d4d9" stroke="#6c737b" stroke-width="2"/>
  <path d="M${x + w - 57},${y + 24} l0,26" stroke="${darken(colour, 0.5)}" stroke-width="6" stroke-linecap="round"/>
  <path d="M${x + w + dx * 0.3},${y + dy * 0.3 + 40} l${dx * 0.4},${dy * 0.4}" stroke="${darken(colour, 0.42)}" stroke-width="12" stroke-linecap="round"/>
  <rect x="${x + 20}" y="${y + h - 36}" width="70" height="20" rx="3" fill="${darken(colour, 0.35)}"/>
  ${text(x + 55, y + h - 26, 'TripPlus', { size: 11, fill: '#f1f3f5', weight: 700 })}`;
}

/** Large, medium and small, each resting a little back on the top of the one below. */
function stackOfCubes(): [number, number, number, number, number, string][] {
  const sizes: [number, number, number, string][] = [
    [400, 180, 110, '#868e96'],
    [310, 130, 84, '#a5abb2'],
    [220, 100, 62, '#5f666e'],
  ];
  let x = 140;
  let bottom = 640;
  let previousDepth = 0;
  return sizes.map(([w, h, depth, colour]) => {
    x += previousDepth * 0.2 + (previousDepth ? 30 : 0);
    bottom -= previousDepth * 0.2 * 0.62;
    previousDepth = depth;
    const cube: [number, number, number, number, number, string] = [
      x,
      bottom - h,
      w,
      h,
      depth,
      colour,
    ];
    bottom -= h;
    return cube;
  });
}

export function packingCubes(): string {
  const stack = stackOfCubes();
  const defs = `<pattern id="mesh" width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="9" height="9" fill="#3b4047" opacity="0.25"/><path d="M0,0H9M0,0V9" stroke="#e9ecef" stroke-width="1.4" opacity="0.7"/></pattern>`;
  const body = `
  ${floorShadow(420, 648, 300, 24, 0.28)}
  ${stack.map(([x, y, w, h, depth, colour]) => cube(x, y, w, h, depth, colour)).join('')}`;
  return scene(body, '#eef0f2', defs);
}

const CODES = ['TPE', 'KHH', 'NRT', 'HND', 'SFO', 'LAX', 'JFK', 'SEA', 'SIN', 'HKG', 'ICN'];
const STICKER_COLOURS = [
  BRAND.blue,
  BRAND.orange,
  BRAND.teal,
  '#e03131',
  '#7048e8',
  '#2b8a3e',
  '#f59f00',
  '#c2255c',
  BRAND.navy,
  '#1098ad',
  '#5c940d',
];

/** A die-cut sticker (white border, a little lift) centred on (x, y). */
function sticker(x: number, y: number, i: number, content: string, shape: string): string {
  const tilt = ((i * 37) % 11) - 5;
  return `<g transform="translate(${x} ${y}) rotate(${tilt})">
    <g transform="translate(2 5)" opacity="0.18" filter="url(#blur4)">${shape.replace(/fill="[^"]*"/, 'fill="#000"')}</g>
    ${shape}
    ${content}
  </g>`;
}

export function airportStickers(): string {
  const cells: string[] = [];
  for (let i = 0; i < 12; i += 1) {
    const x = 225 + (i % 3) * 175;
    const y = 200 + Math.floor(i / 3) * 130;
    const colour = STICKER_COLOURS[i < 7 ? i : i - 1]!;
    const kind = [0, 4, 8, 10].includes(i) ? 'round' : i % 2 === 1 ? 'pill' : 'tag';
    if (i === 7) {
      const disc = `<circle r="56" fill="${BRAND.amber}" stroke="#fff" stroke-width="8"/>`;
      cells.push(sticker(x, y, i, plane(0, 0, 70, '#ffffff', 45), disc));
      continue;
    }
    const code = CODES[i < 7 ? i : i - 1]!;
    const w = kind === 'round' ? 116 : 150;
    const h = kind === 'round' ? 100 : 80;
    const rx = kind === 'pill' ? h / 2 : 22;
    const shape = `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${rx}" fill="${colour}" stroke="#fff" stroke-width="8"/>`;
    const label = text(0, kind === 'round' ? -6 : 0, code, { size: 42, fill: '#fff', weight: 700 });
    const dot = kind === 'round' ? plane(0, 30, 18, '#ffffff', 90) : '';
    cells.push(sticker(x, y, i, label + dot, shape));
  }
  const sheet = `<rect x="110" y="110" width="580" height="600" rx="20" fill="#000"/>`;
  const body = `
  <g transform="rotate(-3 400 410)">
    ${dropShadow(sheet, 16, 0.3)}
    <rect x="110" y="110" width="580" height="600" rx="20" fill="#f8f9fa"/>
    <rect x="110" y="110" width="580" height="600" rx="20" fill="url(#paper)"/>
    ${cells.join('')}
    ${wordmark(400, 676, 20, '#868e96')}
  </g>`;
  return scene(
    body,
    '#eaf0ef',
    vGradient('paper', [
      [0, '#fff', 0.6],
      [1, '#dee2e6', 0.5],
    ]),
  );
}
