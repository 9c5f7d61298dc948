/**
 * The award handbook's page layout (scripts/shop-handbook.ts prints it to PDF): one HTML document
 * of A5 pages, a cover, an "about" page with the contents, then one page per chapter. The words
 * are in handbook-en.ts, handbook-zh-hant.ts and handbook-zh-hans.ts; strings may hold inline
 * HTML (<strong>, <em>), written by us.
 */

export type Block = { p: string } | { list: string[] } | { tip: string } | { checks: string[] };

export interface Chapter {
  title: string;
  blocks: Block[];
}

export interface Handbook {
  lang: 'en' | 'zh-Hant' | 'zh-Hans';
  /** The CJK face the text is set in (its Latin letters are used for English too). */
  font: 'Noto Sans CJK TC' | 'Noto Sans CJK SC';
  title: string;
  year: string;
  subtitle: string;
  byline: string;
  coverNote: string;
  aboutTitle: string;
  about: Block[];
  contentsTitle: string;
  chapterLabel: (n: number) => string;
  tipLabel: string;
  /** The line at the foot of every inside page. */
  running: string;
  chapters: Chapter[];
}

const NAVY = '#1b2a4a';
const BLUE = '#1864ab';
const AMBER = '#f59f00';

const PLANE_PATH =
  'M27 19v-2.5l-9-5.6V5.7a2 2 0 0 0-4 0v5.2l-9 5.6V19l9-2.8v5.4l-2.5 1.9V25l4.5-1.3 4.5 1.3v-1.5L18 21.6v-5.4z';

/** The cover's picture: cities joined by flight arcs, one of them gold with a plane on it. */
const COVER_MAP = `<svg viewBox="0 0 300 170" width="100%" aria-hidden="true">
  <g fill="none" stroke="#a5c8ee" stroke-width="1.4" stroke-dasharray="4 4">
    <path d="M30,120 Q90,40 160,80"/><path d="M160,80 Q210,50 270,95"/>
    <path d="M70,150 Q120,110 160,80"/><path d="M160,80 Q200,120 230,150"/>
  </g>
  <path d="M30,120 Q150,-10 270,95" fill="none" stroke="${AMBER}" stroke-width="2.6" stroke-linecap="round"/>
  <g fill="#fff"><circle cx="30" cy="120" r="4.5"/><circle cx="160" cy="80" r="4.5"/>
  <circle cx="270" cy="95" r="4.5"/><circle cx="70" cy="150" r="4.5"/><circle cx="230" cy="150" r="4.5"/></g>
  <path transform="translate(222 44) rotate(125) scale(0.9) translate(-16 -15)" fill="${AMBER}"
    d="${PLANE_PATH}"/>
</svg>`;

function block(b: Block, tipLabel: string): string {
  if ('p' in b) return `<p>${b.p}</p>`;
  if ('list' in b) return `<ul>${b.list.map((item) => `<li>${item}</li>`).join('')}</ul>`;
  if ('tip' in b) return `<aside><b>${tipLabel}</b>${b.tip}</aside>`;
  return `<ul class="checks">${b.checks.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

function insidePage(n: number, h: Handbook, heading: string, kicker: string, body: string): string {
  return `<section class="page inside">
  <header>${kicker ? `<div class="kicker">${kicker}</div>` : ''}<h2>${heading}</h2></header>
  <div class="body">${body}</div>
  <footer><span>${h.running}</span><span>${n}</span></footer>
</section>`;
}

export function handbookHtml(h: Handbook): string {
  const cjk = h.lang !== 'en';
  const contents = h.chapters
    .map((c, i) => `<li><span>${h.chapterLabel(i + 1)}</span>${c.title}</li>`)
    .join('');
  const about =
    h.about.map((b) => block(b, h.tipLabel)).join('') +
    `<h3>${h.contentsTitle}</h3><ol class="contents">${contents}</ol>`;
  const chapters = h.chapters.map((c, i) =>
    insidePage(
      i + 3,
      h,
      c.title,
      h.chapterLabel(i + 1),
      c.blocks.map((b) => block(b, h.tipLabel)).join(''),
    ),
  );
  return `<!doctype html>
<html lang="${h.lang}"><head><meta charset="utf-8"><title>${h.title} ${h.year} · TripPlus</title>
<style>
  @page { size: A5; margin: 0; }
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body { font-family: '${h.font}', sans-serif; color: #1f2933; font-size: ${cjk ? 10.2 : 9.8}pt;
    ${cjk ? '' : "font-feature-settings: 'pwid';"}
    line-height: ${cjk ? 1.75 : 1.55}; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .page { width: 148mm; height: 209.9mm; overflow: hidden; break-after: page; position: relative; }
  .page:last-child { break-after: auto; }
  .cover { background: ${NAVY}; color: #fff; padding: 22mm 16mm 14mm; display: flex; flex-direction: column; }
  .cover .brand { display: flex; align-items: center; gap: 1.5mm; font-weight: 700; font-size: 12pt; letter-spacing: 0.04em; color: #d0ebff; }
  .cover h1 { font-size: ${cjk ? 25 : 27}pt; line-height: 1.2; margin: 16mm 0 2mm; font-weight: 700; }
  .cover .year { font-size: 34pt; font-weight: 700; color: ${AMBER}; line-height: 1.1; }
  .cover .rule { width: 16mm; height: 1.2mm; background: ${AMBER}; margin: 5mm 0 5mm; }
  .cover .subtitle { font-size: 11.5pt; color: #e7f5ff; }
  .cover .map { margin: auto 0 6mm; }
  .cover .byline { font-size: 10.5pt; font-weight: 700; }
  .cover .note { font-size: 8pt; color: #a5c8ee; margin-top: 2mm; line-height: 1.5; }
  .inside { padding: 15mm 15mm 0; display: flex; flex-direction: column; }
  .kicker { font-size: 8.5pt; font-weight: 700; color: ${BLUE}; letter-spacing: 0.08em; text-transform: uppercase; }
  h2 { font-size: ${cjk ? 16 : 16.5}pt; line-height: 1.3; margin: 1mm 0 4mm; color: ${NAVY}; padding-bottom: 2.5mm;
    border-bottom: 0.6mm solid ${AMBER}; }
  h3 { font-size: 11pt; color: ${NAVY}; margin: 5mm 0 2mm; }
  p { margin: 0 0 2.6mm; }
  ul { margin: 0 0 2.6mm; padding-left: 5mm; }
  li { margin: 0 0 1.3mm; }
  li::marker { color: ${BLUE}; }
  strong { color: ${NAVY}; }
  aside { background: #e7f5ff; border-left: 1mm solid ${BLUE}; padding: 2.5mm 3.5mm; margin: 3mm 0; border-radius: 1mm; }
  aside b { color: ${BLUE}; margin-right: ${cjk ? '0.5em' : '0.4em'}; }
  .checks { list-style: none; padding-left: 0; }
  .checks li { padding-left: 7mm; position: relative; }
  .checks li::before { content: ''; position: absolute; left: 0; top: 0.35em; width: 3.2mm; height: 3.2mm;
    border: 0.35mm solid ${BLUE}; border-radius: 0.6mm; }
  .contents { list-style: none; padding: 0; margin: 0; }
  .contents li { padding: 1.6mm 0; border-bottom: 0.2mm solid #dee2e6; margin: 0; }
  .contents span { display: inline-block; min-width: ${cjk ? 16 : 19}mm; color: ${BLUE}; font-weight: 700; font-size: 8.5pt; }
  footer { margin-top: auto; height: 13mm; display: flex; justify-content: space-between; align-items: center;
    font-size: 7.5pt; color: #868e96; border-top: 0.2mm solid #dee2e6; }
</style></head>
<body>
<section class="page cover">
  <div class="brand"><svg viewBox="0 0 32 32" width="20" height="20" aria-hidden="true"><path transform="rotate(45 16 15)" fill="currentColor" d="${PLANE_PATH}"/></svg> TripPlus</div>
  <h1>${h.title}</h1>
  <div class="year">${h.year}</div>
  <div class="rule"></div>
  <div class="subtitle">${h.subtitle}</div>
  <div class="map">${COVER_MAP}</div>
  <div class="byline">${h.byline}</div>
  <div class="note">${h.coverNote}</div>
</section>
${insidePage(2, h, h.aboutTitle, '', about)}
${chapters.join('\n')}
</body></html>`;
}
