import { z } from 'zod'
import { SITE } from '../functions/site.ts'
import { defineContract } from './define.ts'

/** IP geo (SPEC §7 "Home getipgeo" and GET /api/v1/getipgeo): country of an address, 'cn' on failure. */
export const ipGeoResult = z.object({
  country_code: z.string(),
  /** ISO 3166 numeric, three digits; 156 when unknown (SPEC §9). */
  numeric_code: z.string().regex(/^\d{3}$/),
  /** False for private, loopback and unknown addresses. */
  known: z.boolean(),
})

export const getIpGeo = defineContract({
  ...SITE.getIpGeo,
  payload: z.object({ ip: z.string().trim().max(64) }),
  result: ipGeoResult,
})

export const homeGetIpGeo = defineContract({
  ...SITE.homeGetIpGeo,
  payload: z.object({ ip: z.string().trim().max(64), uparm2: z.string().max(200).optional() }),
  result: ipGeoResult,
})
