import { memo } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import type { CardListItem } from '../../../core/cards/card.ts';
import { useCardFormat, useLocalized } from './card-format.ts';
import type { CardData } from './use-card-data.ts';
import classes from './card-tile.module.css';

/**
 * One card in a list: name, bank, type, fee, current offer and its best rates, with like and
 * compare. Memoised: a list of many cards re-draws only the cards whose state changed. Plain
 * elements with Mantine's look (card-tile.module.css), not Mantine components: a list hydrates a
 * dozen tiles at once.
 */
export const CardTile = memo(function CardTile({
  card,
  data,
  liked,
  onLike,
  compared,
  onCompare,
  compareFull,
}: {
  card: CardListItem;
  data: CardData<CardListItem>;
  liked: boolean;
  onLike: (cardId: string) => void;
  compared: boolean;
  onCompare: (cardId: string) => void;
  compareFull: boolean;
}) {
  const { t } = useTranslation('cards');
  const localized = useLocalized();
  const format = useCardFormat();
  const currency = data.currencyById.get(card.earns);
  const best = [...card.earn].sort((a, b) => b.rate - a.rate).slice(0, 3);
  const name = localized(card.name);
  return (
    <div className={classes.tile} data-testid="card-tile" data-card={card.id}>
      <div className={classes.head}>
        <div>
          <p className={classes.bank}>{t(`banks.${card.bank}`)}</p>
          <h3 className={classes.name}>
            <Link to={`/cardplus/c/${card.id}`}>{name}</Link>
          </h3>
        </div>
        <button
          type="button"
          className={classes.like}
          onClick={() => onLike(card.id)}
          aria-pressed={liked}
          aria-label={liked ? t('like.remove', { name }) : t('like.add', { name })}
        >
          <span aria-hidden="true">{liked ? '♥' : '♡'}</span>
        </button>
      </div>
      <div className={classes.badges}>
        <span className={classes.badge}>{t(`kinds.${card.kind}`)}</span>
        {card.business && (
          <span className={`${classes.badge} ${classes.business}`}>{t('types.business')}</span>
        )}
        <span className={`${classes.badge} ${classes.country}`}>
          {card.country === 'US' ? t('countries.US') : t('countries.TW')}
        </span>
      </div>
      <p className={classes.line}>
        <strong>{t('fields.annualFee')}:</strong> {format.fee(card)}
      </p>
      <p className={classes.line}>
        <strong>{t('fields.welcomeBonus')}:</strong> {format.bonus(card, currency)}
      </p>
      <ul className={classes.rates}>
        {best.map((rate, index) => (
          <li key={index}>
            {format.rate(card, rate, currency)} · {t(`categories.${rate.category}`)}
            {rate.condition ? ` (${t(`conditions.${rate.condition}`)})` : ''}
          </li>
        ))}
      </ul>
      <label className={classes.compare}>
        <input
          type="checkbox"
          checked={compared}
          disabled={!compared && compareFull}
          onChange={() => onCompare(card.id)}
        />
        {t('compare.add')}
      </label>
    </div>
  );
});
