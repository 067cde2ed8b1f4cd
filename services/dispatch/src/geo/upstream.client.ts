import { Inject, Injectable } from '@nestjs/common';
import type { AddressSuggestionView, LatLng } from '@tiredash/contracts';
import { DISPATCH_CONFIG } from '../common/dispatch-config.module';
import type { DispatchConfig } from '../config';

/** The upstream did not answer usably (network error, timeout, non-2xx, unexpected body). */
export class UpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamRoute {
  distanceMeters: number;
  durationSeconds: number;
  coordinates: Array<[number, number]>;
}

interface NominatimPlace {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
}

function toSuggestion(p: NominatimPlace): AddressSuggestionView | null {
  const lat = Number(p.lat);
  const lon = Number(p.lon);
  if (typeof p.display_name !== 'string' || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { display_name: p.display_name, lat, lon };
}

/**
 * HTTP calls to the geocoder (Nominatim API: `/search`, `/reverse`, format json) and the directions service
 * (OSRM `/route/v1/driving/...` or Mapbox `/directions/v5/mapbox/driving/...`, geojson geometry). Nothing is
 * cached or limited here: GeoService does that.
 */
@Injectable()
export class UpstreamClient {
  constructor(@Inject(DISPATCH_CONFIG) private readonly config: DispatchConfig) {}

  async search(q: string, limit: number): Promise<AddressSuggestionView[]> {
    const url = `${this.config.geocoderUrl}/search?format=json&addressdetails=1&limit=${limit}&q=${encodeURIComponent(q)}`;
    const body = await this.getJson(url);
    if (!Array.isArray(body)) throw new UpstreamError('geocoder answered a non-list');
    return (body as NominatimPlace[]).map(toSuggestion).filter((s): s is AddressSuggestionView => s !== null).slice(0, limit);
  }

  async reverse(p: LatLng): Promise<AddressSuggestionView | null> {
    const url = `${this.config.geocoderUrl}/reverse?format=json&lat=${p.lat}&lon=${p.lng}`;
    const body = (await this.getJson(url)) as NominatimPlace & { error?: unknown };
    if (typeof body !== 'object' || body === null) throw new UpstreamError('geocoder answered a non-object');
    // Nominatim answers {error: 'Unable to geocode'} for the middle of the ocean: a real answer, no place.
    if (body.error !== undefined) return null;
    return toSuggestion(body);
  }

  async route(from: LatLng, to: LatLng, mapboxKey: string | null): Promise<UpstreamRoute> {
    const coords = `${from.lng},${from.lat};${to.lng},${to.lat}`;
    const url =
      this.config.directionsKind === 'mapbox'
        ? `${this.config.directionsUrl}/directions/v5/mapbox/driving/${coords}?geometries=geojson&overview=full&access_token=${encodeURIComponent(mapboxKey ?? '')}`
        : `${this.config.directionsUrl}/route/v1/driving/${coords}?overview=full&geometries=geojson`;
    const body = (await this.getJson(url)) as {
      code?: unknown;
      routes?: Array<{ distance?: unknown; duration?: unknown; geometry?: { coordinates?: unknown } }>;
    };
    const r = body?.routes?.[0];
    if (body?.code !== 'Ok' || !r) throw new UpstreamError(`no route (${String(body?.code ?? 'no code')})`);
    const distance = Number(r.distance);
    const duration = Number(r.duration);
    const coordinates = Array.isArray(r.geometry?.coordinates)
      ? (r.geometry.coordinates as unknown[]).filter(
          (c): c is [number, number] => Array.isArray(c) && c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]),
        ).map((c) => [Number(c[0]), Number(c[1])] as [number, number])
      : [];
    if (!Number.isFinite(distance) || !Number.isFinite(duration) || coordinates.length < 2) throw new UpstreamError('malformed route');
    return { distanceMeters: distance, durationSeconds: duration, coordinates };
  }

  private async getJson(url: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'user-agent': this.config.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.upstreamTimeoutMs),
      });
    } catch (err) {
      const cause = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
      throw new UpstreamError(`unreachable: ${cause}`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new UpstreamError(`answered HTTP ${res.status}`);
    }
    try {
      return (await res.json()) as unknown;
    } catch {
      throw new UpstreamError('answered invalid JSON');
    }
  }
}
