/** The redeem explorer's results: the list's sort orders, the points held, each destination's row and its path. */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Table } from '../../components/table.tsx';
import { useTranslation } from '../../lib/translation.tsx';
import { Link } from 'react-router';
import type { ExplorerDestination } from '../../../core/guides/explorer.ts';
import { useGuideFormat } from './guide-format.ts';
import type { Explored as ExplorerAnswer } from './guides-api.ts';

export type SortOrder = 'value' | 'miles' | 'distance' | 'name';

export function sortDestinations(
  list: readonly ExplorerDestination[],
  order: SortOrder,
  name: (code: string) => string,
): ExplorerDestination[] {
  const flown = (destination: ExplorerDestination) =>
    destination.option.legs.reduce((sum, leg) => sum + leg.miles, 0);
  if (order === 'value') return [...list];
  const sorted = [...list];
  if (order === 'miles') sorted.sort((a, b) => a.option.miles - b.option.miles);
  if (order === 'distance') sorted.sort((a, b) => flown(b) - flown(a));
  if (order === 'name') sorted.sort((a, b) => name(a.airport).localeCompare(name(b.airport)));
  return sorted;
}

/** What the points become in each programme they reach. */
export function Holdings({ answer }: { answer: ExplorerAnswer }) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  if (answer.holdings.length === 0) return null;
  return (
    <Stack gap={4} data-testid="explorer-holdings">
      <Text fw={600}>{t('explorer.holdingsTitle')}</Text>
      <Group gap="xs">
        {answer.holdings.map((holding) => (
          <Badge key={holding.programme} variant="light" color="teal" size="lg" tt="none">
            {t('explorer.holding', {
              miles: format.number(holding.miles, 0),
              programme: answer.names.programmes[holding.programme] ?? holding.programme,
            })}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

export function DestinationRows({
  destination,
  answer,
  open,
  onToggle,
  programmeName,
}: {
  destination: ExplorerDestination;
  answer: ExplorerAnswer;
  open: boolean;
  onToggle: () => void;
  programmeName: (id: string) => string;
}) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const place = answer.names.places[destination.airport];
  const legs = destination.option.legs;
  const route =
    legs.length === 1
      ? t('explorer.nonstop')
      : t('explorer.via', { place: answer.names.places[legs[0]!.to]?.city ?? legs[0]!.to });
  const airlines = [
    ...new Set(legs.map((leg) => answer.names.airlines[leg.airline] ?? leg.airline)),
  ].join(' · ');
  const pathId = `path-${destination.airport}`;
  return (
    <>
      <Table.Tr
        data-testid="explorer-row"
        data-airport={destination.airport}
        data-reachable={destination.reachable}
      >
        <Table.Td>
          <Text fw={600}>{place?.city ?? destination.airport}</Text>
          <Text size="xs" c="gray.7">
            {place?.name ?? destination.airport} ({destination.airport})
          </Text>
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/rewardslib/${destination.option.programme}`}>
            {programmeName(destination.option.programme)}
          </Anchor>
        </Table.Td>
        <Table.Td data-testid="explorer-miles">
          {destination.option.estimate
            ? t('explorer.aboutMiles', { miles: format.number(destination.option.miles, 0) })
            : format.number(destination.option.miles, 0)}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{route}</Text>
          <Text size="xs" c="gray.7">
            {airlines}
          </Text>
        </Table.Td>
        <Table.Td>
          {destination.reachable ? (
            <Text size="sm">
              {destination.use
                ?.map((part) =>
                  t('explorer.uses', {
                    points: format.number(part.points, 0),
                    currency: answer.names.currencies[part.currency] ?? part.currency,
                  }),
                )
                .join(' + ')}
            </Text>
          ) : (
            destination.buy && (
              <Text size="sm" c="orange.9" data-testid="explorer-buy-cost">
                {t('explorer.buyCost', {
                  cost: format.price(destination.buy.cost.amount, destination.buy.cost.currency),
                  miles: format.number(destination.buy.missing, 0),
                })}
              </Text>
            )
          )}
        </Table.Td>
        <Table.Td>
          <Stack gap={2} align="flex-start">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={onToggle}
              aria-expanded={open}
              aria-controls={pathId}
            >
              {open ? t('explorer.hidePath') : t('explorer.showPath')}
            </Button>
            {/* The award search for this route and cabin, one step from the row. */}
            <Button
              component={Link}
              to={`/awardplus/redemption/s?${new URLSearchParams({ from: answer.origin.code, to: destination.airport, cabin: answer.cabin })}`}
              variant="light"
              size="compact-sm"
              data-testid="explorer-search"
            >
              {t('explorer.searchRoute')}
            </Button>
          </Stack>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={pathId}>
          <Table.Td colSpan={6}>
            <PathSteps destination={destination} answer={answer} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** Currency → ratio and bonus → programme → chart row → miles needed, and the purchase that closes a gap. */
function PathSteps({
  destination,
  answer,
}: {
  destination: ExplorerDestination;
  answer: ExplorerAnswer;
}) {
  const { t } = useTranslation('guides');
  const format = useGuideFormat();
  const programme =
    answer.names.programmes[destination.option.programme] ?? destination.option.programme;
  const holding = answer.holdings.find(
    (candidate) => candidate.programme === destination.option.programme,
  );
  const place = (code: string) => answer.names.places[code]?.city ?? code;
  const basis = destination.option.basis;
  const steps: string[] = [];
  // What moves: the points used when the destination is within reach, else everything held.
  const moved =
    destination.use ??
    holding?.sources.map((source) => ({
      currency: source.currency,
      points: source.points,
      miles: source.miles,
    })) ??
    [];
  for (const part of moved) {
    const source = holding?.sources.find((candidate) => candidate.currency === part.currency);
    const currency = answer.names.currencies[part.currency] ?? part.currency;
    if (!source?.transfer)
      steps.push(t('path.held', { miles: format.number(part.miles, 0), programme }));
    else
      steps.push(
        t(source.transfer.bonusPercent > 0 ? 'path.transferBonus' : 'path.transfer', {
          points: format.number(part.points, 0),
          currency,
          ratio: format.ratio(source.transfer.ratio),
          percent: source.transfer.bonusPercent,
          end: source.transfer.bonusEnds ? format.date(source.transfer.bonusEnds) : '',
          miles: format.number(part.miles, 0),
          programme,
        }),
      );
  }
  if (basis.kind === 'distance') {
    basis.parts.forEach((part, index) => {
      const leg = basis.perSegment ? destination.option.legs[index] : null;
      steps.push(
        t(part.band.upTo === null ? 'path.bandOpen' : 'path.band', {
          trip: leg ? `${place(leg.from)}–${place(leg.to)}` : t('path.wholeTrip'),
          flown: format.number(part.miles, 0),
          above: format.number(part.band.above, 0),
          upTo: format.number(part.band.upTo ?? 0, 0),
          price: format.number(part.price, 0),
        }),
      );
    });
  } else {
    steps.push(
      t(basis.upTo === null ? 'path.zone' : 'path.zoneDistance', {
        from: basis.from,
        to: basis.to,
        flown: format.number(basis.miles, 0),
        upTo: format.number(basis.upTo ?? 0, 0),
      }),
    );
  }
  steps.push(
    t(
      destination.option.estimate
        ? 'path.neededAbout'
        : destination.option.halfOfRoundTrip
          ? 'path.neededHalf'
          : 'path.needed',
      {
        miles: format.number(destination.option.miles, 0),
        fees: format.price(destination.option.feesUsd, 'USD'),
        programme,
      },
    ),
  );
  const buy = destination.buy;
  if (buy) {
    steps.push(
      t('path.missing', {
        held: format.number(destination.held, 0),
        missing: format.number(buy.missing, 0),
      }),
    );
    steps.push(
      t(buy.campaign ? 'path.buySale' : 'path.buy', {
        bought: format.number(buy.bought, 0),
        bonus: format.number(buy.bonusMiles, 0),
        cost: format.price(buy.cost.amount, buy.cost.currency),
        percent: buy.campaign?.bonusPercent ?? 0,
        discount: buy.campaign?.discountPercent ?? 0,
        end: buy.campaign ? format.date(buy.campaign.end) : '',
      }),
    );
    if (buy.annualCap !== null)
      steps.push(
        t('path.cap', {
          counted: format.number(buy.countedTowardsCap, 0),
          cap: format.number(buy.annualCap, 0),
        }),
      );
  }
  return (
    <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="explorer-path">
      {steps.map((step, index) => (
        <li key={index}>
          <Text size="sm">{step}</Text>
        </li>
      ))}
    </ol>
  );
}
