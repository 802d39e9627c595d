import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as content from '../../shared/contracts/console-content.ts'

export type { AdvertInput, AdvertView, ContentSave, ExhibitionContent } from '../../shared/contracts/console-content.ts'
/** Exhibition content and adverts in the console (docs/product.md#console-pages): browser references, beside src/api/console.ts. */
export const contentExhibitions = fn<typeof content.contentExhibitions>(CONSOLE.contentExhibitions)
export const exhibitionContent = fn<typeof content.exhibitionContent>(CONSOLE.exhibitionContent)
export const saveExhibitionContent = fn<typeof content.saveExhibitionContent>(CONSOLE.saveExhibitionContent)
export const advertList = fn<typeof content.advertList>(CONSOLE.advertList)
export const saveAdvert = fn<typeof content.saveAdvert>(CONSOLE.saveAdvert)
export const publishAdvert = fn<typeof content.publishAdvert>(CONSOLE.publishAdvert)
