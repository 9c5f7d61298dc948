import type { Answer, AnswerSource } from '../../../core/assistant.ts';
import type { Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { Card } from '../../../core/cards/card.ts';
import type { ChartOption } from '../../../core/guides/explorer-routes.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import type { SearchGroup } from '../../../core/search.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { serverText } from '../../i18n.ts';
import { answerOf, LIST_SIZE } from './answer-of.ts';
import { cardAnswer, storefrontAnswer } from './shopping-answers.ts';
import type { CardWish } from './understanding.ts';

export type AnswerLanguage = 'en' | 'zh-Hant' | 'zh-Hans';
type Named = Record<AnswerLanguage, string>;

/** What the answers read, from the services that own it (the composition root hands them over). */
export interface Knowledge {
  today(): string;
  currencyName(id: string): Named | null;
  programmeName(id: string): Named | null;
  placeName(code: string, language: AnswerLanguage): string | null;
  airlineName(code: string, language: AnswerLanguage): string | null;
  partnersFrom(currency: string): TransferPartnerRow[] | null;
  partnersTo(programme: string): TransferPartnerRow[] | null;
  awardOptions(origin: string, destination: string, cabin: Cabin): ChartOption[] | null;
  /** The day a programme's award chart was last checked. */
  chartChecked(programme: string): string | null;
  cards(): Card[];
  /** What one point of the card's currency is worth as a share of spend, per unit of the card's rate. */
  returnOf(card: Card, rate: number): number;
  storefront(): ProgrammeOnSale[];
  search(q: string, language: AnswerLanguage): Promise<SearchGroup[]>;
}

/** Chinese asking words, in both scripts. */
const QUESTION_WORDS =
  /什麼是|什么是|是什麼|是什么|為什麼|为什么|什麼|什么|怎麼|怎么|如何|請問|请问|可以|哪些|哪個|哪个|多少|嗎|吗|呢|[?？]/gu;

export class Answers {
  constructor(
    readonly knowledge: Knowledge,
    readonly language: AnswerLanguage,
  ) {}

  t(key: string, values?: Record<string, string | number>): string {
    return serverText('assistant', this.language, key, values);
  }

  number(value: number): string {
    return value.toLocaleString(this.language === 'en' ? 'en-US' : this.language);
  }

  ratio(ratio: { from: number; to: number }): string {
    return `${this.number(ratio.from)}:${this.number(ratio.to)}`;
  }

  name(named: Named | null, fallback: string): string {
    return named?.[this.language] ?? fallback;
  }

  #transferLine(row: TransferPartnerRow, side: 'to' | 'from'): string {
    const name = row[side].name[this.language];
    return this.t('answer.transferItem', { name, ratio: this.ratio(row.ratio) });
  }

  /** 'Amex 轉長榮比例?': the ratio from the transfer table, or the partners of either side. */
  transfer(currency: string | null, programme: string | null): Answer {
    const partnersPage = (query: string, title: string, asOf: string | null): AnswerSource => ({
      title,
      href: `/awardplus/transferpartner?${query}`,
      asOf,
    });
    const currencyName = currency ? this.name(this.knowledge.currencyName(currency), currency) : '';
    const programmeName = programme
      ? this.name(this.knowledge.programmeName(programme), programme)
      : '';
    if (currency) {
      const rows = this.knowledge.partnersFrom(currency) ?? [];
      const page = partnersPage(
        `from=${currency}`,
        this.t('source.transfersFrom', { name: currencyName }),
        rows
          .map((row) => row.checked)
          .filter(Boolean)
          .sort()
          .at(-1) ?? null,
      );
      if (programme) {
        const row = rows.find((candidate) => candidate.to.id === programme);
        if (row) {
          const paragraphs = [
            this.t('answer.transferRatio', {
              from: currencyName,
              to: programmeName,
              ratio: this.ratio(row.ratio),
              time: this.t(`time.${row.time}`),
            }),
          ];
          if (row.minimum)
            paragraphs.push(
              this.t('answer.transferMinimum', { minimum: this.number(row.minimum) }),
            );
          if (row.bonus?.status === 'confirmed' && row.bonus.ratio)
            paragraphs.push(
              this.t('answer.transferBonus', {
                percent: row.bonus.percent,
                end: row.bonus.end,
                ratio: this.ratio(row.bonus.ratio),
              }),
            );
          if (row.next)
            paragraphs.push(
              this.t('answer.transferNext', {
                ratio: this.ratio(row.next.ratio),
                since: row.next.since,
              }),
            );
          const sources = [{ ...page, asOf: row.checked }];
          if (row.source)
            sources.push({ title: this.t('source.official'), href: row.source, asOf: row.checked });
          return answerOf('transfer', { paragraphs, sources });
        }
        const into = this.knowledge.partnersTo(programme) ?? [];
        return answerOf('transfer', {
          found: false,
          paragraphs: [
            this.t('answer.transferNone', { from: currencyName, to: programmeName }),
            ...(into.length ? [this.t('answer.transferInto', { to: programmeName })] : []),
          ],
          items: into.slice(0, LIST_SIZE).map((other) => ({
            text: this.#transferLine(other, 'from'),
            href: `/awardplus/transferpartner?from=${other.from.id}`,
          })),
          sources: [
            page,
            partnersPage(
              `to=${programme}`,
              this.t('source.transfersTo', { name: programmeName }),
              null,
            ),
          ],
        });
      }
      return answerOf('transfer', {
        found: rows.length > 0,
        paragraphs: [this.t('answer.transferPartners', { from: currencyName, count: rows.length })],
        items: rows.slice(0, LIST_SIZE * 2).map((row) => ({
          text: this.#transferLine(row, 'to'),
          href: `/rewardslib/${row.to.id}`,
        })),
        sources: [page],
      });
    }
    const into = programme ? (this.knowledge.partnersTo(programme) ?? []) : [];
    return answerOf('transfer', {
      found: into.length > 0,
      paragraphs: [
        into.length
          ? this.t('answer.transferInto', { to: programmeName })
          : this.t('answer.transferNothingInto', { to: programmeName }),
      ],
      items: into.slice(0, LIST_SIZE * 2).map((row) => ({
        text: this.#transferLine(row, 'from'),
        href: `/awardplus/transferpartner?from=${row.from.id}`,
      })),
      sources: programme
        ? [
            partnersPage(
              `to=${programme}`,
              this.t('source.transfersTo', { name: programmeName }),
              into
                .map((row) => row.checked)
                .filter(Boolean)
                .sort()
                .at(-1) ?? null,
            ),
          ]
        : [],
    });
  }

  /** 'TPE to Tokyo business with Asia Miles?': the charts' one-way price, and the search to run. */
  award(
    origin: string,
    destination: string,
    cabin: Cabin | null,
    programme: string | null,
  ): Answer {
    const asked: Cabin = cabin ?? 'economy';
    const from = this.knowledge.placeName(origin, this.language) ?? origin;
    const to = this.knowledge.placeName(destination, this.language) ?? destination;
    const cabinName = this.t(`cabin.${asked}`);
    const options = this.knowledge.awardOptions(origin, destination, asked) ?? [];
    const action = {
      label: this.t('answer.runSearch', { from, to }),
      href: `/awardplus/redemption/s?from=${origin}&to=${destination}&cabin=${asked}`,
    };
    const line = (option: ChartOption) =>
      this.t(option.estimate ? 'answer.awardEstimate' : 'answer.awardPrice', {
        programme: this.name(this.knowledge.programmeName(option.programme), option.programme),
        miles: this.number(option.miles),
        fees: this.number(Math.round(option.feesUsd)),
        airlines: [...new Set(option.legs.map((leg) => leg.airline))]
          .map((code) => this.knowledge.airlineName(code, this.language) ?? code)
          .join('、'),
      });
    const chartSource = (option: ChartOption): AnswerSource => ({
      title: this.t('source.chart', {
        name: this.name(this.knowledge.programmeName(option.programme), option.programme),
      }),
      href: `/rewardslib/${option.programme}`,
      asOf: this.knowledge.chartChecked(option.programme),
    });
    const intro = this.t(cabin ? 'answer.awardIntro' : 'answer.awardIntroEconomy', {
      from,
      to,
      cabin: cabinName,
    });
    const chosen = programme ? options.filter((option) => option.programme === programme) : options;
    if (chosen.length === 0)
      return answerOf('award', {
        found: false,
        paragraphs: [
          programme
            ? this.t('answer.awardNoneFor', {
                programme: this.name(this.knowledge.programmeName(programme), programme),
                from,
                to,
                cabin: cabinName,
              })
            : this.t('answer.awardNone', { from, to, cabin: cabinName }),
        ],
        items: (programme ? options : []).slice(0, 3).map((option) => ({
          text: line(option),
          href: `/rewardslib/${option.programme}`,
        })),
        action,
        sources: (programme ? options : []).slice(0, 3).map(chartSource),
      });
    const shown = chosen.slice(0, programme ? 1 : 3);
    return answerOf('award', {
      paragraphs: [intro, this.t('answer.awardSeats')],
      items: shown.map((option) => ({
        text: line(option),
        href: `/rewardslib/${option.programme}`,
      })),
      action,
      sources: shown.map(chartSource),
    });
  }

  card(wish: CardWish): Answer {
    return cardAnswer(this, wish);
  }

  storefront(programme: string | null): Answer {
    return storefrontAnswer(this, programme);
  }

  /** Anything else: the closest guide passages, or an honest 'I could not find that'. */
  async guide(question: string): Promise<Answer> {
    // The asking words ('什麼是', '嗎') are in every question: only the rest is looked for.
    const groups = await this.knowledge.search(
      question.replace(QUESTION_WORDS, ' ').trim() || question,
      this.language,
    );
    const passages = groups
      .filter((group) => ['faq', 'programme', 'article'].includes(group.kind))
      .flatMap((group) => group.hits)
      .filter((hit) => hit.snippet.length > 0)
      .slice(0, 3);
    if (passages.length === 0)
      return answerOf('guide', { found: false, paragraphs: [this.t('answer.notFound')] });
    const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');
    return answerOf('guide', {
      paragraphs: [this.t('answer.guideIntro')],
      items: passages.map((hit) => ({
        text: `${text(hit.title)}: ${text(hit.snippet)}`,
        href: hit.href,
      })),
      sources: passages.map((hit) => ({ title: text(hit.title), href: hit.href, asOf: null })),
    });
  }
}
