import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as catalog from '../../shared/contracts/console-catalog.ts'

/** Exhibitions, ticket types and coupons (docs/product.md#console-catalog): browser references, beside src/api/console.ts, loaded with their screens only. */
export const exhibitionList = fn<typeof catalog.exhibitionList>(CONSOLE.exhibitionList)
export const exhibitionDetail = fn<typeof catalog.exhibitionDetail>(CONSOLE.exhibitionDetail)
export const saveExhibition = fn<typeof catalog.saveExhibition>(CONSOLE.saveExhibition)
export const publishExhibition = fn<typeof catalog.publishExhibition>(CONSOLE.publishExhibition)
export const saveTicketType = fn<typeof catalog.saveTicketType>(CONSOLE.saveTicketType)
export const couponList = fn<typeof catalog.couponList>(CONSOLE.couponList)
export const saveCoupon = fn<typeof catalog.saveCoupon>(CONSOLE.saveCoupon)
export const generateCoupons = fn<typeof catalog.generateCoupons>(CONSOLE.generateCoupons)
export const couponOrders = fn<typeof catalog.couponOrders>(CONSOLE.couponOrders)
export type { CatalogCoupon, CatalogExhibition, CatalogTicketType } from '../../shared/contracts/console-catalog.ts'
