import { geoNaturalEarth1, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/translation.tsx';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import type { ExplorerDestination } from '../../../core/guides/explorer.ts';

const WIDTH = 960;
const HEIGHT = 500;

// The world's countries at 1:110m from Natural Earth (world-atlas), drawn once: no tile server.
const countries = feature(world as unknown as Topology<{ countries: GeometryCollection }>, (world as unknown as Topology<{ countries: GeometryCollection }>).objects.countries);

/**
 * The explorer's map: the world in an SVG, with a great-circle arc from the origin to every
 * destination (teal when the points reach it, orange when buying miles would). d3-geo draws a
 * LineString between two points as the great circle, which is the way the plane flies.
 */
export function ExplorerMap({ origin, destinations, label, nameOf }: { origin: { lat: number; lon: number } | null; destinations: readonly ExplorerDestination[]; label: string; nameOf: (airport: string) => string }) {
  const { t } = useTranslation('guides');
  const { path, project } = useMemo(() => {
    // Centred on the Pacific, where most of our members fly.
    const projection = geoNaturalEarth1().rotate([-150, 0]).fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
    return { path: geoPath(projection), project: (lon: number, lat: number) => projection([lon, lat]) };
  }, []);
  const land = useMemo(() => path(countries as GeoPermissibleObjects) ?? '', [path]);
  const sphere = useMemo(() => path({ type: 'Sphere' }) ?? '', [path]);
  const start = origin ? project(origin.lon, origin.lat) : null;

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} data-testid="explorer-map" style={{ width: '100%', height: 'auto', display: 'block' }}>
      <path d={sphere} fill="#eaf4fb" stroke="#b7cfe0" />
      <path d={land} fill="#dfe6dc" stroke="#ffffff" strokeWidth={0.5} />
      {origin &&
        destinations.map((destination) => {
          const arc = path({ type: 'LineString', coordinates: [[origin.lon, origin.lat], [destination.lon, destination.lat]] });
          const point = project(destination.lon, destination.lat);
          const color = destination.reachable ? '#0c8599' : '#e8590c';
          const title = destination.reachable ? t('explorer.mapReach', { place: nameOf(destination.airport) }) : t('explorer.mapBuy', { place: nameOf(destination.airport) });
          return (
            <g key={destination.airport} data-testid="explorer-arc" data-airport={destination.airport} data-reachable={destination.reachable}>
              <title>{title}</title>
              {arc && <path d={arc} fill="none" stroke={color} strokeOpacity={0.55} strokeWidth={1.2} strokeDasharray={destination.reachable ? undefined : '4 3'} />}
              {point && <circle cx={point[0]} cy={point[1]} r={2.6} fill={color} />}
            </g>
          );
        })}
      {start && <circle cx={start[0]} cy={start[1]} r={5} fill="#1c2b3a" stroke="#ffffff" strokeWidth={1.5} data-testid="explorer-origin" />}
    </svg>
  );
}
