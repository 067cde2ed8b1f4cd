import { lazy, Suspense, useState } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { trackingMapMessages } from '../../../shared/i18n/locales/en/tracking';
import { env } from '../../../shared/env';
import { formatTime } from '../../../shared/format';
import { Spinner } from '../../../shared/ui/status';
import { useGetPublicSettingsQuery, type LatLngValue } from '../api';
import { resolveTileSource } from '../tile-source';
import type { LiveMapCanvasProps } from './live-map-canvas';

// Leaflet is loaded with the tracking screens only (its own chunk).
const LiveMapCanvas = lazy(() => import('./live-map-canvas').then((m) => ({ default: m.LiveMapCanvas })));

export interface LiveMapProps extends Omit<LiveMapCanvasProps, 'tiles' | 'onTilesFailed'> {
  /** Shown under the map: when the provider's position last changed. */
  positionAt?: number | null;
  /** Shown under the map until the provider's first position. */
  waitingLabel?: string;
}

function formatCoords(p: LatLngValue): string {
  return `${p.lat.toFixed(5)}, ${p.lng.toFixed(5)}`;
}

/**
 * The live map. Tiles come from the configured tile URL or the map key of the platform settings; without either
 * (or when no tile loads) it says 'Unable to load map' and still draws the route and the markers on a blank map,
 * so the provider's movement stays visible.
 */
export function LiveMap({ positionAt, waitingLabel, ...canvas }: LiveMapProps) {
  const tMap = useMessages(trackingMapMessages);
  const settings = useGetPublicSettingsQuery();
  const [tilesFailed, setTilesFailed] = useState(false);
  const tiles = settings.isLoading ? null : resolveTileSource(settings.data?.mapboxKey ?? null, env.mapTileUrl);
  const unavailable = !settings.isLoading && (tiles === null || tilesFailed);

  return (
    <figure className="live-map" aria-label={tMap.label}>
      {unavailable && (
        <p className="live-map__notice" role="status">
          {tMap.unableToLoad}
        </p>
      )}
      <Suspense fallback={<Spinner label={tMap.loading} />}>
        <LiveMapCanvas {...canvas} startLabel={tMap.start} zoomInTitle={tMap.zoomIn} zoomOutTitle={tMap.zoomOut} tiles={unavailable ? null : tiles} onTilesFailed={() => setTilesFailed(true)} />
      </Suspense>
      <figcaption className="live-map__caption">
        {canvas.provider ? (
          <span>
            {canvas.providerLabel}: <span className="live-map__coords">{formatCoords(canvas.provider)}</span>
            {positionAt ? tMap.updated({ time: formatTime(new Date(positionAt).toISOString()) }) : ''}
          </span>
        ) : (
          <span>{waitingLabel ?? tMap.waitingProvider}</span>
        )}
      </figcaption>
    </figure>
  );
}
