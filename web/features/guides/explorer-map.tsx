import { geoNaturalEarth1, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { Button, Group } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import type { ExplorerDestination } from '../../../core/guides/explorer.ts';

const WIDTH = 960;
const HEIGHT = 500;
/** Destinations named on the map: the first ones of the list (best value first), so names do not pile up. */
const LABELLED = 8;
/** How much the region around the origin is enlarged (a phone's default). */
const ZOOM = 2.4;

// The world's countries at 1:110m from Natural Earth (world-atlas), drawn once: no tile server.
const countries = feature(
  world as unknown as Topology<{ countries: GeometryCollection }>,
  (world as unknown as Topology<{ countries: GeometryCollection }>).objects.countries,
);

/**
 * The explorer's map: the world in an SVG, with a great-circle arc from the origin to every
 * destination (teal when the points reach it, orange when buying miles would). d3-geo draws a
 * LineString between two points as the great circle, which is the way the plane flies.
 */
export function ExplorerMap({
  origin,
  destinations,
  label,
  nameOf,
}: {
  origin: { lat: number; lon: number } | null;
  destinations: readonly ExplorerDestination[];
  label: string;
  nameOf: (airport: string) => string;
}) {
  const { t } = useTranslation('guides');
  // On a phone the world is too small to read: the map opens on the origin's region.
  const phone = useMediaQuery('(max-width: 48em)');
  const [zoomed, setZoomed] = useState(false);
  const { ref, width: shownWidth } = useElementSize<HTMLDivElement>();
  useEffect(() => setZoomed(Boolean(phone)), [phone]);
  const { path, project } = useMemo(() => {
    // Centred on the Pacific, where most of our members fly.
    const projection = geoNaturalEarth1()
      .rotate([-150, 0])
      .fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
    return {
      path: geoPath(projection),
      project: (lon: number, lat: number) => projection([lon, lat]),
    };
  }, []);
  const land = useMemo(() => path(countries as GeoPermissibleObjects) ?? '', [path]);
  const sphere = useMemo(() => path({ type: 'Sphere' }) ?? '', [path]);
  const start = origin ? project(origin.lon, origin.lat) : null;
  const box = zoomed && start ? regionBox(start) : { x: 0, y: 0, width: WIDTH, height: HEIGHT };
  // Map units per screen pixel: dots and names keep their size on screen at any zoom and width.
  const scale = box.width / (shownWidth || WIDTH);
  const labelled = labelledDestinations(destinations, project, box, scale);

  return (
    <div ref={ref}>
      {start && (
        <Group justify="flex-end" mb={4}>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setZoomed((value) => !value)}
            aria-pressed={zoomed}
            data-testid="explorer-zoom"
          >
            {zoomed ? t('explorer.showWorld') : t('explorer.zoomOrigin')}
          </Button>
        </Group>
      )}
      <svg
        viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
        role="img"
        aria-label={label}
        data-testid="explorer-map"
        data-zoomed={zoomed}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <path d={sphere} fill="#eaf4fb" stroke="#b7cfe0" />
        <path d={land} fill="#dfe6dc" stroke="#ffffff" strokeWidth={0.5} />
        {origin &&
          destinations.map((destination) => {
            const arc = path({
              type: 'LineString',
              coordinates: [
                [origin.lon, origin.lat],
                [destination.lon, destination.lat],
              ],
            });
            const point = project(destination.lon, destination.lat);
            const color = destination.reachable ? '#0c8599' : '#e8590c';
            const title = destination.reachable
              ? t('explorer.mapReach', { place: nameOf(destination.airport) })
              : t('explorer.mapBuy', { place: nameOf(destination.airport) });
            return (
              <g
                key={destination.airport}
                data-testid="explorer-arc"
                data-airport={destination.airport}
                data-reachable={destination.reachable}
              >
                <title>{title}</title>
                {arc && (
                  <path
                    d={arc}
                    fill="none"
                    stroke={color}
                    strokeOpacity={0.55}
                    strokeWidth={1.2}
                    strokeDasharray={destination.reachable ? undefined : '4 3'}
                  />
                )}
                {point && <circle cx={point[0]} cy={point[1]} r={2.6 * scale} fill={color} />}
                {point && labelled.has(destination.airport) && (
                  <text
                    x={point[0] + 4 * scale}
                    y={point[1] - 4 * scale}
                    fontSize={13 * scale}
                    fill="#1c2b3a"
                    stroke="#ffffff"
                    strokeWidth={3 * scale}
                    paintOrder="stroke"
                    data-testid="explorer-label"
                  >
                    {nameOf(destination.airport)}
                  </text>
                )}
              </g>
            );
          })}
        {start && (
          <circle
            cx={start[0]}
            cy={start[1]}
            r={5 * scale}
            fill="#1c2b3a"
            stroke="#ffffff"
            strokeWidth={1.5 * scale}
            data-testid="explorer-origin"
          />
        )}
      </svg>
    </div>
  );
}

/**
 * The destinations named on the map: in the list's order (best value first), those inside the
 * part shown, skipping one whose name would sit on a name already placed.
 */
function labelledDestinations(
  destinations: readonly ExplorerDestination[],
  project: (lon: number, lat: number) => [number, number] | null,
  box: { x: number; y: number; width: number; height: number },
  scale: number,
): Set<string> {
  const placed: [number, number][] = [];
  const named = new Set<string>();
  for (const destination of destinations) {
    if (named.size >= LABELLED) break;
    const point = project(destination.lon, destination.lat);
    if (
      !point ||
      point[0] < box.x ||
      point[0] > box.x + box.width ||
      point[1] < box.y ||
      point[1] > box.y + box.height
    )
      continue;
    // A name takes about 90 × 20 pixels on screen.
    if (
      placed.some(
        ([x, y]) => Math.abs(x - point[0]) < 90 * scale && Math.abs(y - point[1]) < 20 * scale,
      )
    )
      continue;
    placed.push(point);
    named.add(destination.airport);
  }
  return named;
}

/** The part of the map around the origin, ZOOM times larger, kept inside the map's edges. */
function regionBox([x, y]: [number, number]): {
  x: number;
  y: number;
  width: number;
  height: number;
} {
  const width = WIDTH / ZOOM;
  const height = HEIGHT / ZOOM;
  return {
    x: Math.min(Math.max(x - width / 2, 0), WIDTH - width),
    y: Math.min(Math.max(y - height / 2, 0), HEIGHT - height),
    width,
    height,
  };
}
