/** The shop's digital goods: eSIM data plans, the lounge day pass and the award handbook. */
import {
  BRAND,
  darken,
  floorShadow,
  hGradient,
  lighten,
  plane,
  scene,
  seeded,
  text,
  wordmark,
} from './svg.ts';

/** A square of QR-code-like modules (not a real code): three finder squares and seeded noise. */
function codePattern(x: number, y: number, cells: number, cell: number, seed: number): string {
  const random = seeded(seed);
  const inFinder = (i: number, j: number) =>
    (i < 8 && j < 8) || (i < 8 && j >= cells - 8) || (i >= cells - 8 && j < 8);
  const centre = (i: number, j: number) =>
    Math.abs(i - cells / 2 + 0.5) < 3 && Math.abs(j - cells / 2 + 0.5) < 3;
  const modules: string[] = [];
  for (let i = 0; i < cells; i += 1) {
    for (let j = 0; j < cells; j += 1) {
      if (inFinder(i, j) || centre(i, j) || random() < 0.52) continue;
      modules.push(`M${x + j * cell},${y + i * cell}h${cell}v${cell}h-${cell}z`);
    }
  }
  const finder = (fx: number, fy: number) =>
    `<rect x="${fx + cell / 2}" y="${fy + cell / 2}" width="${cell * 6}" height="${cell * 6}" rx="${cell}" fill="none" stroke="${BRAND.ink}" stroke-width="${cell}"/>` +
    `<rect x="${fx + cell * 2}" y="${fy + cell * 2}" width="${cell * 3}" height="${cell * 3}" rx="${cell * 0.6}" fill="${BRAND.ink}"/>`;
  const far = x + (cells - 7) * cell;
  const mid = x + (cells / 2) * cell;
  return (
    `<path d="${modules.join('')}" fill="${BRAND.ink}"/>` +
    finder(x, y) +
    finder(far, y) +
    finder(x, y + (cells - 7) * cell) +
    plane(mid, y + (cells / 2) * cell, cell * 4.4, BRAND.ink, 45)
  );
}

/** Four bars of rising height, the first `lit` in colour; bottom-left at (x, y). */
function signalBars(x: number, y: number, unit: number, colour: string, lit = 4): string {
  return [0, 1, 2, 3]
    .map((i) => {
      const h = unit * (1.2 + i * 0.9);
      const fill = i < lit ? colour : lighten(colour, 0.7);
      return `<rect x="${x + i * unit * 1.4}" y="${y - h}" width="${unit}" height="${h}" rx="${unit * 0.3}" fill="${fill}"/>`;
    })
    .join('');
}

/** A SIM chip: gold contacts in a rounded square, centred on (x, y). */
function chip(x: number, y: number, w: number): string {
  const h = w * 0.78;
  const left = x - w / 2;
  const top = y - h / 2;
  const line = '#a07a1f';
  return (
    `<rect x="${left}" y="${top}" width="${w}" height="${h}" rx="${w * 0.14}" fill="#f2c94c" stroke="${line}" stroke-width="2.5"/>` +
    `<path d="M${left},${y - h / 6} H${x - w / 6} M${left},${y + h / 6} H${x - w / 6} M${x + w / 6},${y - h / 6} H${left + w} M${x + w / 6},${y + h / 6} H${left + w} M${x - w / 6},${top} V${top + h} M${x + w / 6},${top} V${top + h}" stroke="${line}" stroke-width="2.5" fill="none"/>` +
    `<rect x="${x - w / 6}" y="${y - h / 6}" width="${w / 3}" height="${h / 3}" rx="3" fill="#f7dc84" stroke="${line}" stroke-width="2.5"/>`
  );
}

export const ESIM_ACCENTS = { Japan: '#e03131', USA: '#1c7ed6', Asia: '#0ca678' } as const;

export function esimCard(region: keyof typeof ESIM_ACCENTS): string {
  const accent = ESIM_ACCENTS[region];
  const seed = { Japan: 11, USA: 23, Asia: 37 }[region];
  const card = 'M436,160 H620 Q642,160 642,182 V468 Q642,490 620,490 H408 Q386,490 386,468 V210 Z';
  const defs = hGradient('glass', [
    [0, '#fff', 0.12],
    [0.5, '#fff', 0],
    [1, '#000', 0.1],
  ]);
  const body = `
  ${floorShadow(400, 690, 250, 20, 0.22)}
  <g transform="rotate(8 514 325)">
    <g transform="translate(8 14)" opacity="0.25" filter="url(#soft)"><path d="${card}" fill="#000"/></g>
    <path d="${card}" fill="${accent}"/>
    <path d="${card}" fill="url(#glass)"/>
    ${signalBars(560, 222, 10, '#ffffff')}
    ${chip(514, 318, 100)}
    ${text(612, 446, 'eSIM', { size: 32, fill: '#ffffff', weight: 700, anchor: 'end' })}
  </g>
  <g transform="translate(10 16)" opacity="0.3" filter="url(#soft)"><rect x="160" y="130" width="260" height="540" rx="42" fill="#000"/></g>
  <rect x="160" y="130" width="260" height="540" rx="42" fill="#1f2430"/>
  <rect x="172" y="142" width="236" height="516" rx="32" fill="#ffffff"/>
  <rect x="252" y="156" width="76" height="18" rx="9" fill="#1f2430"/>
  ${signalBars(192, 178, 6, accent)}
  <rect x="366" y="166" width="24" height="12" rx="3" fill="none" stroke="${BRAND.ink}" stroke-width="2"/>
  <rect x="369" y="169" width="15" height="6" rx="1" fill="${BRAND.ink}"/>
  ${text(290, 232, 'eSIM', { size: 20, fill: '#868e96', weight: 700, spacing: 3 })}
  ${text(290, 272, region, { size: 42, fill: accent, weight: 700 })}
  <rect x="205" y="318" width="170" height="170" rx="14" fill="#f8f9fa"/>
  ${codePattern(217, 330, 21, 7, seed)}
  <rect x="200" y="520" width="180" height="46" rx="23" fill="${accent}"/>
  ${text(290, 543, 'Scan to install', { size: 17, fill: '#ffffff', weight: 700 })}
  ${wordmark(290, 620, 16, '#adb5bd')}
  ${text(570, 600, region, { size: region === 'Japan' ? 84 : 96, fill: darken(accent, 0.15), weight: 700 })}
  ${text(570, 662, 'DATA eSIM', { size: 22, fill: '#495057', weight: 700, spacing: 5 })}`;
  return scene(body, lighten(accent, 0.9), defs);
}

/** The ticket outline: a main part and a tear-off stub, notched where they meet. */
const TICKET =
  'M18,0 H444 A16,16 0 0 0 476,0 H602 Q620,0 620,18 V292 Q620,310 602,310 ' +
  'H476 A16,16 0 0 0 444,310 H18 Q0,310 0,292 V18 Q0,0 18,0 Z';

function armchair(x: number, y: number, colour: string): string {
  const dark = darken(colour, 0.2);
  return `<g transform="translate(${x} ${y})">
    <rect x="12" y="0" width="76" height="60" rx="16" fill="${colour}"/>
    <rect x="14" y="44" width="72" height="26" rx="8" fill="${lighten(colour, 0.2)}"/>
    <rect x="0" y="34" width="22" height="44" rx="10" fill="${dark}"/>
    <rect x="78" y="34" width="22" height="44" rx="10" fill="${dark}"/>
    <rect x="12" y="76" width="8" height="12" rx="2" fill="${BRAND.ink}"/>
    <rect x="80" y="76" width="8" height="12" rx="2" fill="${BRAND.ink}"/>
  </g>`;
}

function coffeeCup(x: number, y: number, colour: string): string {
  return `<g transform="translate(${x} ${y})" stroke-linecap="round">
    <path d="M18,6 q-8,-10 0,-18 q8,-8 0,-18 M36,6 q-8,-10 0,-18 q8,-8 0,-18" fill="none" stroke="#adb5bd" stroke-width="4"/>
    <circle cx="62" cy="38" r="13" fill="none" stroke="${colour}" stroke-width="7"/>
    <path d="M0,14 H58 V44 Q58,70 30,70 H28 Q0,70 0,44 Z" fill="${colour}"/>
    <ellipse cx="30" cy="80" rx="44" ry="8" fill="${darken(colour, 0.2)}"/>
  </g>`;
}

export function loungePass(): string {
  const bars = Array.from({ length: 26 }, (_, i) => {
    const w = [3, 6, 2, 4][i % 4]!;
    return `<rect x="${496 + i * 4.4}" y="214" width="${w * 0.8}" height="58" fill="${BRAND.ink}"/>`;
  }).join('');
  const field = (y: number, label: string, width: number) =>
    text(270, y, label, { size: 13, fill: '#868e96', weight: 700, anchor: 'start', spacing: 2 }) +
    `<rect x="270" y="${y + 16}" width="${width}" height="12" rx="6" fill="#dee2e6"/>`;
  const defs = `<clipPath id="ticket"><path d="${TICKET}"/></clipPath>`;
  const body = `
  <g transform="translate(90 250) rotate(-5 310 155)">
    <g transform="translate(8 18)" opacity="0.3" filter="url(#soft)"><path d="${TICKET}" fill="#000"/></g>
    <path d="${TICKET}" fill="#fffdf8"/>
    <g clip-path="url(#ticket)">
      <rect x="0" y="0" width="460" height="72" fill="${BRAND.blue}"/>
      <rect x="460" y="0" width="160" height="72" fill="${BRAND.amber}"/>
    </g>
    ${wordmark(118, 36, 26, '#ffffff')}
    ${text(430, 36, 'LOUNGE ACCESS', { size: 14, fill: '#d0ebff', weight: 700, anchor: 'end', spacing: 2 })}
    ${plane(540, 36, 34, '#ffffff', 90)}
    ${text(36, 118, 'Lounge day pass', { size: 42, fill: BRAND.ink, weight: 700, anchor: 'start' })}
    ${armchair(36, 172, BRAND.teal)}
    ${coffeeCup(158, 182, '#a9713f')}
    ${field(176, 'GUEST', 150)}
    ${field(226, 'VALID FOR', 110)}
    <path d="M460,24 V288" stroke="#ced4da" stroke-width="3" stroke-dasharray="8 7"/>
    ${text(540, 112, 'LOUNGE', { size: 16, fill: BRAND.ink, weight: 700, spacing: 2 })}
    ${text(540, 146, 'DAY PASS', { size: 14, fill: '#868e96', weight: 700, spacing: 2 })}
    ${bars}
  </g>`;
  return scene(body, '#eef1f6', defs);
}

/** Cities and curved routes between them, in the cover's lower half. */
function routeMap(): string {
  const cities: [number, number][] = [
    [272, 470],
    [352, 520],
    [450, 452],
    [530, 500],
    [420, 584],
    [300, 572],
  ];
  const route = (a: number, b: number, lift: number) => {
    const [x1, y1] = cities[a]!;
    const [x2, y2] = cities[b]!;
    return `<path d="M${x1},${y1} Q${(x1 + x2) / 2},${Math.min(y1, y2) - lift} ${x2},${y2}" fill="none" stroke="${lighten(BRAND.blue, 0.55)}" stroke-width="2.5" stroke-dasharray="7 6"/>`;
  };
  const dots = Array.from({ length: 9 }, (_, r) =>
    Array.from({ length: 15 }, (_, c) => `M${258 + c * 21},${440 + r * 19}h2v2h-2z`).join(''),
  ).join('');
  return (
    `<path d="${dots}" fill="#ffffff" opacity="0.12"/>` +
    route(0, 2, 60) +
    route(2, 3, 30) +
    route(1, 4, 25) +
    route(5, 1, 40) +
    `<path d="M272,470 Q391,360 530,500" fill="none" stroke="${BRAND.amber}" stroke-width="3.5" stroke-linecap="round"/>` +
    cities.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#ffffff"/>`).join('') +
    plane(472, 430, 28, BRAND.amber, 120)
  );
}

export function awardHandbook(): string {
  const line = (y: number, words: string) =>
    text(266, y, words, { size: 40, fill: '#ffffff', weight: 700, anchor: 'start' });
  const defs =
    hGradient('cover', [
      [0, '#fff', 0.1],
      [0.08, '#fff', 0],
      [0.85, '#000', 0.05],
      [1, '#000', 0.18],
    ]) +
    hGradient('spine', [
      [0, darken(BRAND.navy, 0.3)],
      [1, darken(BRAND.navy, 0.05)],
    ]);
  const body = `
  ${floorShadow(410, 666, 230, 20, 0.32)}
  <path d="M206,132 L236,120 L236,664 L206,652 Z" fill="url(#spine)"/>
  <rect x="236" y="120" width="346" height="544" rx="6" fill="${BRAND.navy}"/>
  <rect x="236" y="120" width="346" height="544" rx="6" fill="url(#cover)"/>
  <rect x="248" y="132" width="6" height="520" fill="#ffffff" opacity="0.08"/>
  ${line(196, 'Award')}
  ${line(244, 'Booking')}
  ${line(292, 'Handbook')}
  ${text(266, 360, '2027', { size: 58, fill: BRAND.amber, weight: 700, anchor: 'start' })}
  <rect x="266" y="402" width="64" height="5" rx="2" fill="${BRAND.amber}"/>
  ${routeMap()}
  ${wordmark(409, 626, 24, '#ffffff')}
  <path d="M236,664 L582,664" stroke="${darken(BRAND.navy, 0.4)}" stroke-width="2"/>`;
  return scene(body, '#f1eee8', defs);
}
