import type { AwardChart } from '../../../core/awards/award-pricing.ts';
import { AwardChartSchema } from '../../../core/guides/api-schemas.ts';
import type { ChartPriceEdit } from '../../../core/guides/chart-edits.ts';
import type { awardChartFile } from '../../../data/reference.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ContentRecords, KeptRecords, type Actor } from '../staff/index.ts';
import type { Guides } from './guides.service.ts';

type ChartFile = ReturnType<typeof awardChartFile>;

/**
 * Award charts as staff keep them (docs/staff.md#content): seeded from data/award-charts.json, read
 * from the database after, and handed to the guides, so the programme pages, the explorer and the
 * assistant use a correction from the next request on. A correction changes one price (a row and
 * a cabin), adds its source to the chart's sources, sets the chart's check day, and is listed in
 * the chart's own corrections with the price before it.
 */
export class ChartRecords {
  readonly #kept: KeptRecords<AwardChart>;

  constructor(
    private readonly options: {
      db: Db;
      /** Told the charts whenever they change (an export needs no guides: it tells nobody). */
      guides: Pick<Guides, 'replaceCharts'>;
      file: () => ChartFile;
    },
  ) {
    this.#kept = new KeptRecords(
      new ContentRecords<AwardChart>(options.db, 'award-chart', AwardChartSchema),
      () => {
        const file = options.file();
        return file.charts.map((chart) => ({
          file: file.path,
          id: chart.programme,
          document: chart,
        }));
      },
      (charts) => options.guides.replaceCharts(charts),
    );
  }

  refresh(now = false): Promise<void> {
    return this.#kept.refresh(now);
  }

  list(): AwardChart[] {
    return this.#kept.records.map((record) => record.document);
  }

  /** One price corrected: the row must exist in the chart's table; the rest of the chart is kept. */
  correctPrice(actor: Actor, programme: string, edit: ChartPriceEdit): Promise<AwardChart> {
    return this.#kept.edit(actor, programme, 'award-chart.price', (chart) => {
      const rows = chart[edit.table];
      const row = rows?.[edit.row];
      if (!rows || !row)
        throw new AppError('INVALID_INPUT', {
          message: `The chart has no ${edit.table} row ${edit.row}.`,
          fields: { row: 'unknown' },
        });
      // Codes and figures only: the programme page shows the label in every language.
      const label =
        edit.table === 'bands'
          ? `≤ ${row.maxMiles ?? '∞'}`
          : `${(row as { from: string }).from}–${(row as { to: string }).to}${row.maxMiles ? ` ≤ ${row.maxMiles}` : ''}`;
      const correction = {
        row: label,
        cabin: edit.cabin,
        before: row[edit.cabin],
        after: edit.miles,
        source: edit.source,
        checked: edit.checked,
      };
      const document: AwardChart = {
        ...chart,
        [edit.table]: rows.map((one, index) =>
          index === edit.row ? { ...one, [edit.cabin]: edit.miles } : one,
        ),
        checked: edit.checked,
        sources: chart.sources.includes(edit.source)
          ? chart.sources
          : [...chart.sources, edit.source],
        corrections: [...(chart.corrections ?? []), correction],
      };
      return {
        document,
        before: { row: label, cabin: edit.cabin, miles: correction.before },
        after: {
          row: label,
          cabin: edit.cabin,
          miles: edit.miles,
          source: edit.source,
          checked: edit.checked,
        },
      };
    });
  }

  /** data/award-charts.json as the database holds it. */
  async exportFile(): Promise<ChartFile> {
    const file = this.options.file();
    const records = await this.#kept.store.all();
    return { ...file, charts: records.map((record) => record.document) };
  }
}
