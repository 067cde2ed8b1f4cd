import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

/**
 * Leaflet finds its default marker images from its CSS's path at run time, which a bundler breaks; the images
 * are imported instead (Vite answers their hashed URLs) and the lookup is switched off.
 */
delete (L.Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

export const defaultIcon = new L.Icon.Default();

/** The provider's moving marker: a round badge, distinct from the destination pin. */
export const providerIcon = L.divIcon({
  className: 'map-marker map-marker--provider',
  html: '<span class="map-marker__dot" aria-hidden="true"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 14],
});

/** Where the provider started (the bid's location): a 16px dot in a 24px target (WCAG 2.5.8: the marker is focusable). */
export const originIcon = L.divIcon({
  className: 'map-marker map-marker--origin',
  html: '<span class="map-marker__dot" aria-hidden="true"></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 12],
});
