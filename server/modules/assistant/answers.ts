import type { Answer, AnswerSource } from '../../../core/assistant.ts';
import type { Cabin } from '../../../core/awards/simulated-schedule.ts';
import type { Card } from '../../../core/cards/card.ts';
import type { ChartOption } from '../../../core/guides/explorer-routes.ts';
import type { TransferPartnerRow } from '../../../core/guides/transfers.ts';
import type { SearchGroup } from '../../../core/search.ts';
import type { ProgrammeOnSale } from '../../../core/storefront/api-schemas.ts';
import { serverText } from '../../i18n.ts';
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

const LIST_SIZE = 6;
/** Chinese asking words, in both scripts. */
const QUESTION_WORDS =
  /什麼是|什么是|是什麼|是什么|為什麼|为什么|什麼|什么|怎麼|怎么|如何|請問|请问|可以|哪些|哪個|哪个|多少|嗎|吗|呢|[?？]/gu;

export class Answers {
  constructor(
    private readonly knowledge: Knowledge,
    private readonly language: AnswerLanguage,
  ) {}

  t(key: string, values?: Record<string, string | number>): string {
    return serverText('assistant', this.language, key, values);
  }

  #number(value: number): string {
    return value.toLocaleString(this.language === 'en' ? 'en-US' : this.language);
  }

  #ratio(ratio: { from: number; to: number }): string {
    return `${this.#number(ratio.from)}:${this.#number(ratio.to)}`;
  }

  #name(named: Named | null, fallback: string): string {
    return named?.[this.language] ?? fallback;
  }

  static #answer(intent: Answer['intent'], parts: Partial<Answer>): Answer {
    return {
      intent,
      found: true,
      paragraphs: [],
      items: [],
      action: null,
      sources: [],
      ...parts,
    };
  }

  #transferLine(row: TransferPartnerRow, side: 'to' | 'from'): string {
    const name = row[side].name[this.language];
    return this.t('answer.transferItem', { name, ratio: this.#ratio(row.ratio) });
  }

  /** 'Amex 轉長榮比例?': the ratio from the transfer table, or the partners of either side. */
  transfer(currency: string | null, programme: string | null): Answer {
    const partnersPage = (query: string, title: string, asOf: string | null): AnswerSource => ({
      title,
      href: `/awardplus/transferpartner?${query}`,
      asOf,
    });
    const currencyName = currency
      ? this.#name(this.knowledge.currencyName(currency), currency)
      : '';
    const programmeName = programme
      ? this.#name(this.knowledge.programmeName(programme), programme)
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
              ratio: this.#ratio(row.ratio),
              time: this.t(`time.${row.time}`),
            }),
          ];
          if (row.minimum)
            paragraphs.push(
              this.t('answer.transferMinimum', { minimum: this.#number(row.minimum) }),
            );
          if (row.bonus?.status === 'confirmed' && row.bonus.ratio)
            paragraphs.push(
              this.t('answer.transferBonus', {
                percent: row.bonus.percent,
                end: row.bonus.end,
                ratio: this.#ratio(row.bonus.ratio),
              }),
            );
          if (row.next)
            paragraphs.push(
              this.t('answer.transferNext', {
                ratio: this.#ratio(row.next.ratio),
                since: row.next.since,
              }),
            );
          const sources = [{ ...page, asOf: row.checked }];
          if (row.source)
            sources.push({ title: this.t('source.official'), href: row.source, asOf: row.checked });
          return Answers.#answer('transfer', { paragraphs, sources });
        }
        const into = this.knowledge.partnersTo(programme) ?? [];
        return Answers.#answer('transfer', {
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
      return Answers.#answer('transfer', {
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
    return Answers.#answer('transfer', {
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
        programme: this.#name(this.knowledge.programmeName(option.programme), option.programme),
        miles: this.#number(option.miles),
        fees: this.#number(Math.round(option.feesUsd)),
        airlines: [...new Set(option.legs.map((leg) => leg.airline))]
          .map((code) => this.knowledge.airlineName(code, this.language) ?? code)
          .join('、'),
      });
    const chartSource = (option: ChartOption): AnswerSource => ({
      title: this.t('source.chart', {
        name: this.#name(this.knowledge.programmeName(option.programme), option.programme),
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
      return Answers.#answer('award', {
        found: false,
        paragraphs: [
          programme
            ? this.t('answer.awardNoneFor', {
                programme: this.#name(this.knowledge.programmeName(programme), programme),
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
    return Answers.#answer('award', {
      paragraphs: [intro, this.t('answer.awardSeats')],
      items: shown.map((option) => ({
        text: line(option),
        href: `/rewardslib/${option.programme}`,
      })),
      action,
      sources: shown.map(chartSource),
    });
  }

  /** 'Best card for dining', 'no annual fee cards with lounge access'. */
  card(wish: CardWish): Answer {
    const cards = this.knowledge.cards();
    const lounge = (card: Card) =>
      card.features.some((feature) =>
        /lounge|priority pass|貴賓室|贵宾室/i.test(feature.en + feature['zh-Hant']),
      );
    const cardSource = (card: Card): AnswerSource => ({
      title: card.name[this.language],
      href: `/cardplus/c/${card.id}`,
      asOf: card.asOf,
    });
    const item = (card: Card, text: string) => ({ text, href: `/cardplus/c/${card.id}` });
    const fee = (card: Card) =>
      card.annualFee === 0
        ? this.t('answer.noFee')
        : this.t('answer.fee', {
            fee: `${card.country === 'US' ? 'US$' : 'NT$'}${this.#number(card.annualFee)}`,
          });
    if (wish.category) {
      const best = (country: Card['country']) =>
        cards
          .filter((card) => card.country === country && (!wish.noFee || card.annualFee === 0))
          .map((card) => {
            const rate = Math.max(
              ...card.earn
                .filter(
                  (earn) =>
                    (earn.category === wish.category || earn.category === 'other') &&
                    !earn.condition,
                )
                .map((earn) => earn.rate),
            );
            return { card, rate, share: this.knowledge.returnOf(card, rate) };
          })
          .sort((a, b) => b.share - a.share)
          .slice(0, 3);
      const ranked = [...best('US'), ...best('TW')];
      return Answers.#answer('card', {
        found: ranked.length > 0,
        paragraphs: [
          this.t('answer.cardCategory', { category: this.t(`category.${wish.category}`) }),
          this.t('answer.cardCategoryHow'),
        ],
        items: ranked.map(({ card, share }) =>
          item(
            card,
            this.t('answer.cardReturn', {
              name: card.name[this.language],
              percent: (share * 100).toFixed(1),
              fee: fee(card),
            }),
          ),
        ),
        sources: ranked.map(({ card }) => cardSource(card)),
      });
    }
    const matching = cards
      .filter((card) => (!wish.lounge || lounge(card)) && (!wish.noFee || card.annualFee === 0))
      .sort((a, b) => a.annualFee - b.annualFee);
    if (matching.length === 0 && wish.lounge && wish.noFee) {
      const cheapest = cards
        .filter(lounge)
        .sort((a, b) => a.annualFee - b.annualFee)
        .slice(0, 3);
      return Answers.#answer('card', {
        found: false,
        paragraphs: [this.t('answer.cardNoFeeLoungeNone'), this.t('answer.cardCheapestLounge')],
        items: cheapest.map((card) => item(card, `${card.name[this.language]} (${fee(card)})`)),
        sources: cheapest.map(cardSource),
      });
    }
    const shown = matching.slice(0, LIST_SIZE);
    return Answers.#answer('card', {
      found: shown.length > 0,
      paragraphs: [
        this.t(wish.lounge ? 'answer.cardLounge' : 'answer.cardNoFee', { count: matching.length }),
      ],
      items: shown.map((card) => item(card, `${card.name[this.language]} (${fee(card)})`)),
      sources: shown.map(cardSource),
    });
  }

  /** 'Is LifeMiles on sale now?': the storefront's sale of the programme today. */
  storefront(programme: string | null): Answer {
    const all = this.knowledge.storefront();
    const today = this.knowledge.today();
    const page = (id: string): AnswerSource => ({
      title: this.t('source.storefront', {
        name: all.find((one) => one.id === id)?.name[this.language] ?? id,
      }),
      href: `/storefront/buy/${id}`,
      asOf: today,
    });
    const onSale = all.filter((one) => one.campaign && one.campaign.state !== 'upcoming');
    const saleLine = (one: ProgrammeOnSale) =>
      this.t(
        one.campaign!.status === 'confirmed' ? 'answer.saleLine' : 'answer.saleLineUnconfirmed',
        {
          name: one.name[this.language],
          discount: one.campaign!.discountPercent,
          bonus: one.campaign!.bonusLadder.at(-1)?.percent ?? 0,
          end: one.campaign!.endsLocal.date,
        },
      );
    const sold = programme ? all.find((one) => one.id === programme) : undefined;
    if (!sold) {
      return Answers.#answer('storefront', {
        found: onSale.length > 0,
        paragraphs: [
          programme
            ? this.t('answer.notSold', {
                name: this.#name(this.knowledge.programmeName(programme), programme),
              })
            : onSale.length
              ? this.t('answer.salesNow', { count: onSale.length })
              : this.t('answer.noSalesNow'),
        ],
        items: onSale.map((one) => ({ text: saleLine(one), href: `/storefront/buy/${one.id}` })),
        sources: [{ title: this.t('source.storefrontHome'), href: '/storefront', asOf: today }],
      });
    }
    const campaign = sold.campaign && sold.campaign.state !== 'upcoming' ? sold.campaign : null;
    return Answers.#answer('storefront', {
      paragraphs: [
        campaign ? saleLine(sold) : this.t('answer.notOnSale', { name: sold.name[this.language] }),
        ...(campaign?.status === 'unconfirmed' ? [this.t('answer.unconfirmed')] : []),
      ],
      action: { label: this.t('answer.openStorefront'), href: `/storefront/buy/${sold.id}` },
      sources: [page(sold.id)],
    });
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
      return Answers.#answer('guide', { found: false, paragraphs: [this.t('answer.notFound')] });
    const text = (parts: { text: string }[]) => parts.map((part) => part.text).join('');
    return Answers.#answer('guide', {
      paragraphs: [this.t('answer.guideIntro')],
      items: passages.map((hit) => ({
        text: `${text(hit.title)}: ${text(hit.snippet)}`,
        href: hit.href,
      })),
      sources: passages.map((hit) => ({ title: text(hit.title), href: hit.href, asOf: null })),
    });
  }
}
