import { AUSTRALIAN_STATES, type GazetteerResult } from '@offplan/shared';
import { z } from 'zod';
import type { Logger } from '../../lib/logger.ts';

/**
 * A plugged-in geocoder (GEOCODER_URL): `GET {GEOCODER_URL}?q={query}` answering
 * `{results: [{fullAddress?, streetNumber?, streetName?, suburb, postcode, state, lga?, lat, lng}]}`.
 * A thin adapter in front of any provider (Google, Mapbox, Geoscape, a Nominatim instance) meets this.
 * Failures and timeouts give no results (logged); the bundled gazetteer still answers.
 */
const geocoderAnswerSchema = z.object({
  results: z
    .array(
      z.object({
        fullAddress: z.string().max(300).optional(),
        streetNumber: z.string().max(30).optional(),
        streetName: z.string().max(120).optional(),
        suburb: z.string().min(1).max(80),
        postcode: z.string().regex(/^\d{4}$/),
        state: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(AUSTRALIAN_STATES)),
        lga: z.string().max(120).nullish(),
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
      }),
    )
    .max(50),
});

export const GEOCODER_TIMEOUT_MS = 2500;

export async function geocode(
  geocoderUrl: string,
  query: string,
  log: Logger,
  limit = 5,
): Promise<GazetteerResult[]> {
  const url = new URL(geocoderUrl);
  url.searchParams.set('q', query);
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
    });
    if (!response.ok) {
      log.warn({ status: response.status }, 'geocoder answered an error');
      return [];
    }
    const parsed = geocoderAnswerSchema.safeParse(await response.json());
    if (!parsed.success) {
      log.warn({ issues: parsed.error.issues.slice(0, 3) }, 'geocoder answer not understood');
      return [];
    }
    return parsed.data.results.slice(0, limit).map((result) => ({
      suburb: result.suburb,
      postcode: result.postcode,
      state: result.state,
      lga: result.lga ?? null,
      lat: result.lat,
      lng: result.lng,
      label: result.fullAddress ?? `${result.suburb} ${result.state} ${result.postcode}`,
      source: 'geocoder' as const,
      ...(result.fullAddress ? { fullAddress: result.fullAddress } : {}),
      ...(result.streetNumber ? { streetNumber: result.streetNumber } : {}),
      ...(result.streetName ? { streetName: result.streetName } : {}),
    }));
  } catch (error) {
    log.warn({ err: error }, 'geocoder unreachable');
    return [];
  }
}
