import { Badge, Box, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { GetTheMiles } from './get-the-miles.tsx';
import { Table } from '../../components/table.tsx';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import type { AwardItinerary, AwardNames } from '../../../core/awards/search.ts';
import { useAppState } from '../../lib/app-context.tsx';
import { useShownMoney } from '../../lib/shown-money.ts';
import { dayLabel, duration, formatNumber, localTime } from './format.ts';
import { useClockTime } from './use-clock-time.ts';

/** "Simulated availability · as of Nov 21, 14:05": where a result came from and how fresh it is. */
export function SourceLabel({ source }: { source: AwardItinerary['source'] }) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const time = useClockTime(source.fetchedAt, language);
  return (
    <Badge
      variant="light"
      color={source.simulated ? 'grape' : 'teal'}
      size="sm"
      tt="none"
      data-testid="result-source"
    >
      {t(source.simulated ? 'result.sourceSimulated' : 'result.sourceSeatsAero', { time })}
    </Badge>
  );
}

/**
 * One award flight (docs/product/award-search.md#what-a-result-shows): departure, arrival and local
 * arrival, duration, stops, airlines, cabin, seats, mixed-cabin share, and every redeem option with
 * its cash comparison.
 */
export function ItineraryCard({
  itinerary,
  names,
  programme,
  trackTo,
}: {
  itinerary: AwardItinerary;
  names: AwardNames;
  programme: string | null;
  trackTo?: string;
}) {
  const { t } = useTranslation('awards');
  const { language } = useAppState();
  const [open, setOpen] = useState(false);
  const [milesOpen, setMilesOpen] = useState(false);
  const money = useShownMoney();
  const units = { hours: t('result.hoursUnit'), minutes: t('result.minutesUnit') };
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const via = itinerary.legs.slice(0, -1).map((leg) => leg.to);
  const options = programme
    ? itinerary.redeemOptions.filter((option) => option.programme === programme)
    : itinerary.redeemOptions;
  const cheapest = options[0];

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="itinerary"
      data-date={itinerary.departure.slice(0, 10)}
      data-flight={first?.flightNumber}
      data-best={itinerary.best}
      data-stops={itinerary.stops}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="gray.7">
              {dayLabel(itinerary.departure, language)}
            </Text>
            <Group gap={8} align="baseline">
              <Text fz={22} fw={700} data-testid="itinerary-times">
                {localTime(itinerary.departure)} – {localTime(itinerary.arrival)}
              </Text>
              {itinerary.arrivalDayOffset !== 0 && (
                <Text
                  size="sm"
                  c="orange.8"
                  fw={600}
                  title={t('result.arrivesOn', { date: dayLabel(itinerary.arrival, language) })}
                >
                  {itinerary.arrivalDayOffset > 0
                    ? `+${itinerary.arrivalDayOffset}`
                    : itinerary.arrivalDayOffset}
                </Text>
              )}
            </Group>
            <Text size="sm">
              {first?.from} → {last?.to} ·{' '}
              {t('result.arrivesLocal', {
                time: localTime(itinerary.arrival),
                date: dayLabel(itinerary.arrival, language),
              })}
            </Text>
          </div>
          {cheapest && (
            <Box ta="right">
              <Text fz={22} fw={700} c="blue.8" data-testid="itinerary-miles">
                {cheapest.estimate
                  ? t('result.aboutMiles', { miles: formatNumber(cheapest.miles, language) })
                  : formatNumber(cheapest.miles, language)}
              </Text>
              <Text size="xs" c="gray.7">
                {t('result.milesWith', {
                  programme: names.programmes[cheapest.programme] ?? cheapest.programme,
                })}
              </Text>
            </Box>
          )}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Badge variant="outline" tt="none">
            {duration(itinerary.durationMinutes, units)}
          </Badge>
          <Badge variant="outline" tt="none" data-testid="itinerary-stops">
            {itinerary.stops === 0
              ? t('result.direct')
              : t('result.stopsVia', { count: itinerary.stops, via: via.join(', ') })}
          </Badge>
          <Badge variant="outline" tt="none">
            {itinerary.airlines.map((code) => names.airlines[code] ?? code).join(' · ')}
          </Badge>
          <Badge variant="outline" tt="none">
            {t(`cabins.${itinerary.cabin}`)}
            {itinerary.mixedCabinPercent < 100
              ? ` · ${t('result.mixedShare', { percent: itinerary.mixedCabinPercent })}`
              : ''}
          </Badge>
          <Badge variant="outline" tt="none" data-testid="itinerary-seats">
            {t('result.seats', { count: itinerary.seats })}
          </Badge>
          <SourceLabel source={itinerary.source} />
        </Group>
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder fz="sm" data-testid="redeem-options">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('result.programme')}</Table.Th>
                <Table.Th ta="right">{t('result.miles')}</Table.Th>
                <Table.Th ta="right">{t('result.fees')}</Table.Th>
                <Table.Th ta="right">{t('result.cash')}</Table.Th>
                <Table.Th ta="right">{t('result.centsPerPoint')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {options.map((option) => (
                <Table.Tr
                  key={option.programme}
                  data-testid="redeem-option"
                  data-programme={option.programme}
                >
                  <Table.Td>
                    {names.programmes[option.programme] ?? option.programme}
                    {option.halfOfRoundTrip && (
                      <Text span size="xs" c="gray.7">
                        {' '}
                        ({t('result.halfRoundTrip')})
                      </Text>
                    )}
                    {option.estimate && (
                      <Text span size="xs" c="gray.7" data-testid="estimate-label">
                        {' '}
                        ({t('result.estimate')}*)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    {option.estimate
                      ? t('result.aboutMiles', { miles: formatNumber(option.miles, language) })
                      : formatNumber(option.miles, language)}
                  </Table.Td>
                  <Table.Td ta="right">{money.charged(option.feesUsd)}</Table.Td>
                  <Table.Td ta="right" data-testid="cash-price">
                    {money.shown(Math.round(itinerary.cashUsd), 'USD', { whole: true })}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="cents-per-point">
                    {t('result.cents', { value: option.centsPerPoint.toFixed(1) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {options
          .filter((option) => option.estimate)
          .map((option) => (
            <Text size="xs" c="gray.7" key={option.programme} data-testid="estimate-why">
              *{' '}
              {t('result.estimateWhy', {
                programme: names.programmes[option.programme] ?? option.programme,
              })}
            </Text>
          ))}
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => setMilesOpen((value) => !value)}
            aria-expanded={milesOpen}
            data-testid="get-miles-toggle"
          >
            {milesOpen ? t('getMiles.hide') : t('getMiles.show')}
          </Button>
          {trackTo && (
            <Button
              component={Link}
              to={trackTo}
              variant="light"
              size="compact-sm"
              data-testid="track-flight"
            >
              {t('result.trackFlight')}
            </Button>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen((value) => !value)}
            aria-expanded={open}
          >
            {open
              ? t('result.hideFlights')
              : t('result.showFlights', { count: itinerary.legs.length })}
          </Button>
        </Group>
        <Collapse expanded={milesOpen} keepMounted={false}>
          <GetTheMiles
            programmes={options.map((option) => ({
              id: option.programme,
              name: names.programmes[option.programme] ?? option.programme,
            }))}
          />
        </Collapse>
        <Collapse expanded={open} keepMounted={false}>
          <Stack gap={4}>
            {itinerary.legs.map((leg) => (
              <Text
                size="sm"
                key={`${leg.flightNumber}-${leg.departure}`}
                data-testid="itinerary-leg"
              >
                <b>{leg.flightNumber}</b> {names.airlines[leg.airline] ?? leg.airline} · {leg.from}{' '}
                {localTime(leg.departure)} ({dayLabel(leg.departure, language)}) → {leg.to}{' '}
                {localTime(leg.arrival)} ({dayLabel(leg.arrival, language)}) ·{' '}
                {t(`cabins.${leg.cabin}`)} · {t('result.seats', { count: leg.seats })}
              </Text>
            ))}
          </Stack>
        </Collapse>
      </Stack>
    </Card>
  );
}
