import { formatMoney } from '../../../core/payments/money.ts';
import type { ProgrammeSaleDetail } from '../../../core/storefront/api-schemas.ts';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from '../../lib/translation.tsx';
import { useStorefrontFormat } from './storefront-format.ts';
import classes from './price-history-chart.module.css';

/** The drawing's width before the page knows its own (server rendering); then the figure's, so labels stay 12 px on a phone. */
const WIDE = 720;
const HEIGHT = 260;
const PAD = { left: 64, right: 16, top: 16, bottom: 32 };
const YEAR_MS = 365.25 * 86_400_000;
/** The chart always spans at least the last two years, so today's price is read against them. */
const MIN_SPAN_MS = 2 * YEAR_MS;

/**
 * The price per 1,000 over time (docs/product/storefront.md#sale-campaigns): the base price
 * as a stepped line, each campaign as a bar at the lowest price it reached for as long as it ran,
 * the all-time low as a dashed line, and today. Drawn on the server as plain SVG; the table of
 * campaigns under it says the same in words for screen readers and search engines.
 */
export function PriceHistoryChart({
  programme,
  now,
}: {
  programme: ProgrammeSaleDetail;
  now: string;
}) {
  const { t } = useTranslation('storefront');
  const format = useStorefrontFormat();
  // Drawn at the figure's own width: scaled down from 720 units, a phone's labels were 6 px.
  const { ref: frame, width: measured } = useElementSize<HTMLElement>();
  const WIDTH = measured > 0 ? Math.min(WIDE, Math.round(measured)) : WIDE;
  const at = Date.parse(now);
  // An unconfirmed campaign has no price to draw; the table under the chart lists it with its label.
  const priced = programme.history.flatMap((campaign) =>
    campaign.pricePer1000 === null ? [] : [{ ...campaign, pricePer1000: campaign.pricePer1000 }],
  );
  const starts = programme.history.map((campaign) => Date.parse(campaign.start));
  const ends = programme.history.map((campaign) => Date.parse(campaign.end));
  const from = Math.min(at - MIN_SPAN_MS, ...starts);
  const to = Math.max(at, ...ends);
  const highest = Math.max(
    programme.basePricePer1000,
    ...programme.basePrices.map((price) => price.pricePer1000),
  );
  const tick = niceStep(highest / 4);
  const gridPrices = Array.from(
    { length: Math.ceil(highest / tick) },
    (_, index) => (index + 1) * tick,
  );
  const top = Math.max(highest * 1.1, gridPrices.at(-1)!);
  const x = (time: number) =>
    PAD.left + ((time - from) / (to - from)) * (WIDTH - PAD.left - PAD.right);
  const y = (price: number) =>
    HEIGHT - PAD.bottom - (price / top) * (HEIGHT - PAD.top - PAD.bottom);
  const axisMoney = (minor: number) =>
    formatMoney(Math.round(minor) / 100, programme.currency, format.language, {
      wholeWithoutCents: true,
    });

  // The base price as steps: each dated price from its first day (or the chart's start) to its last.
  const steps = programme.basePrices.map((price) => {
    const begin = Math.max(from, price.since ? Date.parse(`${price.since}T00:00:00Z`) : from);
    const end = Math.min(to, price.until ? Date.parse(`${price.until}T23:59:59Z`) : to);
    return `M${x(begin).toFixed(1)},${y(price.pricePer1000).toFixed(1)} H${x(end).toFixed(1)}`;
  });
  const firstYear = new Date(from).getUTCFullYear() + 1;
  const lastYear = new Date(to).getUTCFullYear();
  const yearCount = lastYear - firstYear + 1;
  // Label every year on a short span, fewer on a long one so the labels never touch.
  const yearStep = Math.max(1, Math.ceil(yearCount / Math.max(2, Math.floor(WIDTH / 90))));
  const years = Array.from({ length: yearCount }, (_, index) => firstYear + index).filter(
    (year) => (lastYear - year) % yearStep === 0,
  );
  const low = programme.allTimeLow;
  const summary = t('chart.summary', {
    base: format.money(programme.basePricePer1000, programme.currency),
    now: format.money(programme.pricePer1000, programme.currency),
    count: priced.length,
    low: low ? format.money(low.pricePer1000, programme.currency) : '—',
  });

  return (
    <figure className={classes.figure} ref={frame} data-testid="price-history-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={classes.svg}
        role="img"
        aria-label={summary}
      >
        {gridPrices.map((price) => (
          <g key={price}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(price)}
              y2={y(price)}
              className={classes.grid}
            />
            <text x={PAD.left - 6} y={y(price) + 4} textAnchor="end" className={classes.label}>
              {axisMoney(price)}
            </text>
          </g>
        ))}
        {years.map((year) => {
          const time = Date.UTC(year, 0, 1);
          return (
            <g key={year}>
              <line
                x1={x(time)}
                x2={x(time)}
                y1={PAD.top}
                y2={HEIGHT - PAD.bottom}
                className={classes.grid}
              />
              <text
                x={x(time)}
                y={HEIGHT - PAD.bottom + 18}
                textAnchor="middle"
                className={classes.label}
              >
                {year}
              </text>
            </g>
          );
        })}
        <path d={steps.join(' ')} className={classes.base} data-testid="chart-base" />
        {priced.map((campaign) => {
          const left = x(Date.parse(campaign.start));
          const width = Math.max(4, x(Date.parse(campaign.end)) - left);
          return (
            <rect
              key={campaign.id}
              x={left}
              y={y(campaign.pricePer1000)}
              width={width}
              height={HEIGHT - PAD.bottom - y(campaign.pricePer1000)}
              className={
                campaign.state === 'ongoing' || campaign.state === 'limited'
                  ? classes.live
                  : classes.campaign
              }
              data-campaign={campaign.id}
            />
          );
        })}
        {low && (
          <g data-testid="chart-low">
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(low.pricePer1000)}
              y2={y(low.pricePer1000)}
              className={classes.low}
            />
            <text
              x={WIDTH - PAD.right}
              y={y(low.pricePer1000) - 6}
              textAnchor="end"
              className={classes.lowLabel}
            >
              {t('chart.low', { price: axisMoney(low.pricePer1000) })}
            </text>
          </g>
        )}
        <line x1={x(at)} x2={x(at)} y1={PAD.top} y2={HEIGHT - PAD.bottom} className={classes.now} />
        <text x={x(at) - 4} y={PAD.top + 10} textAnchor="end" className={classes.label}>
          {t('chart.today')}
        </text>
      </svg>
      <figcaption className={classes.caption}>
        <span className={classes.keyBase} aria-hidden="true" /> {t('chart.keyBase')}{' '}
        <span className={classes.keyCampaign} aria-hidden="true" /> {t('chart.keyCampaign')}{' '}
        <span className={classes.keyLive} aria-hidden="true" /> {t('chart.keyLive')}{' '}
        <span className={classes.keyLow} aria-hidden="true" /> {t('chart.keyLow')}
      </figcaption>
    </figure>
  );
}

/** A round step for the price axis (1, 2, 2.5 or 5 times a power of ten, in minor units). */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
}
