import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap, ZoomControl } from 'react-leaflet';
import { prefersReducedMotion } from '../../../shared/reduced-motion';
import type { LatLngValue } from '../api';
import type { TileSource } from '../tile-source';
import { defaultIcon, originIcon, providerIcon } from './leaflet-icons';

export interface LiveMapCanvasProps {
  tiles: TileSource | null;
  destination: LatLngValue;
  destinationLabel: string;
  origin?: LatLngValue | null;
  provider?: LatLngValue | null;
  providerLabel: string;
  /** The origin marker's title ('Start'). */
  startLabel?: string;
  /** The zoom buttons' titles (Leaflet's own are English). */
  zoomInTitle?: string;
  zoomOutTitle?: string;
  route: Array<[number, number]>;
  onTilesFailed?: () => void;
}

/** Fits the view to the job's anchor points when they first become known (not on every provider move). */
function FitToJob({ points }: { points: LatLngValue[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.lat.toFixed(3)},${p.lng.toFixed(3)}`).join('|');
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (fitted.current === key || points.length === 0) return;
    fitted.current = key;
    const animate = !prefersReducedMotion();
    if (points.length === 1) map.setView([points[0].lat, points[0].lng], 14, { animate });
    else map.fitBounds(points.map((p) => [p.lat, p.lng] as [number, number]), { padding: [32, 32], maxZoom: 15, animate });
  }, [map, key, points]);
  return null;
}

/** The Leaflet map: tiles when a source is configured, the route line, the destination and the moving provider. */
export function LiveMapCanvas({ tiles, destination, destinationLabel, origin, provider, providerLabel, startLabel = 'Start', zoomInTitle = 'Zoom in', zoomOutTitle = 'Zoom out', route, onTilesFailed }: LiveMapCanvasProps) {
  const failures = useRef({ errors: 0, loaded: 0 });
  const anchors = useMemo(() => {
    const list: LatLngValue[] = [destination];
    if (origin) list.push(origin);
    return list;
  }, [destination, origin]);
  // The provider's first fix joins the anchors; later moves keep the view (the user may have panned).
  const [firstFix, setFirstFix] = useState<LatLngValue | null>(null);
  useEffect(() => {
    if (provider && !firstFix) setFirstFix(provider);
  }, [provider, firstFix]);
  const fitPoints = useMemo(() => (firstFix && !origin ? [...anchors, firstFix] : anchors), [anchors, firstFix, origin]);
  // Reduced motion: no zoom, fade or marker animations (read once: Leaflet takes them when the map is created).
  const [animated] = useState(() => !prefersReducedMotion());

  return (
    <MapContainer
      className="live-map__canvas"
      center={[destination.lat, destination.lng]}
      zoom={13}
      scrollWheelZoom={false}
      attributionControl={Boolean(tiles)}
      zoomControl={false}
      zoomAnimation={animated}
      fadeAnimation={animated}
      markerZoomAnimation={animated}
    >
      <ZoomControl position="topleft" zoomInTitle={zoomInTitle} zoomOutTitle={zoomOutTitle} />
      {tiles && (
        <TileLayer
          url={tiles.url}
          attribution={tiles.attribution}
          eventHandlers={{
            tileload: () => {
              failures.current.loaded += 1;
            },
            tileerror: () => {
              failures.current.errors += 1;
              if (failures.current.loaded === 0 && failures.current.errors === 4) onTilesFailed?.();
            },
          }}
        />
      )}
      <FitToJob points={fitPoints} />
      {route.length > 1 && <Polyline positions={route} pathOptions={{ color: '#2563eb', weight: 4, opacity: 0.8 }} />}
      {origin && <Marker position={[origin.lat, origin.lng]} icon={originIcon} title={startLabel} alt={startLabel} />}
      <Marker position={[destination.lat, destination.lng]} icon={defaultIcon} title={destinationLabel} alt={destinationLabel}>
        <Tooltip>{destinationLabel}</Tooltip>
      </Marker>
      {provider && <Marker position={[provider.lat, provider.lng]} icon={providerIcon} title={providerLabel} alt={providerLabel} zIndexOffset={1000} />}
    </MapContainer>
  );
}
