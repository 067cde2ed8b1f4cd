/**
 * Where the map's tiles come from: a tile URL template configured for the build (VITE_MAP_TILE_URL, e.g. a
 * self-hosted OpenStreetMap server; `{key}` in it is replaced by the map key), else Mapbox's raster tiles with
 * the map key of the platform settings. Neither: null, and the map says 'Unable to load map' (spec section 8).
 */
export interface TileSource {
  url: string;
  attribution: string;
}

export const UNABLE_TO_LOAD_MAP = 'Unable to load map';

const MAPBOX_TILES = 'https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/256/{z}/{x}/{y}@2x?access_token={key}';
const MAPBOX_ATTRIBUTION = '© <a href="https://www.mapbox.com/about/maps/">Mapbox</a> © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const OSM_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export function resolveTileSource(mapKey: string | null | undefined, template: string | null | undefined): TileSource | null {
  const key = mapKey?.trim() || null;
  const custom = template?.trim() || null;
  if (custom) {
    if (custom.includes('{key}')) return key ? { url: custom.split('{key}').join(encodeURIComponent(key)), attribution: OSM_ATTRIBUTION } : null;
    return { url: custom, attribution: OSM_ATTRIBUTION };
  }
  return key ? { url: MAPBOX_TILES.replace('{key}', encodeURIComponent(key)), attribution: MAPBOX_ATTRIBUTION } : null;
}
