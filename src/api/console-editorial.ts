import type { z } from 'zod'
import type * as contracts from '../../shared/contracts/console-editorial.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import { fn } from '../../shared/functions/gateway.ts'

/** The console's content editor (docs/product.md#console-content): browser references to its functions on POST /gateway/console. */
export const editorialList = fn<typeof contracts.editorialList>(CONSOLE.editorialList)
export const editorialDetail = fn<typeof contracts.editorialDetail>(CONSOLE.editorialDetail)
export const saveEditorial = fn<typeof contracts.saveEditorial>(CONSOLE.saveEditorial)
export const publishEditorial = fn<typeof contracts.publishEditorial>(CONSOLE.publishEditorial)
export const scheduleEditorial = fn<typeof contracts.scheduleEditorial>(CONSOLE.scheduleEditorial)
export const unpublishEditorial = fn<typeof contracts.unpublishEditorial>(CONSOLE.unpublishEditorial)
export const deleteEditorial = fn<typeof contracts.deleteEditorial>(CONSOLE.deleteEditorial)
export const editorialPreviewLink = fn<typeof contracts.editorialPreviewLink>(CONSOLE.editorialPreviewLink)
export const editorialRender = fn<typeof contracts.editorialRender>(CONSOLE.editorialRender)

export type EditorialRow = z.output<typeof contracts.editorialRow>
export type EditorialItem = z.output<typeof contracts.editorialItem>
export type EditorialSave = z.input<typeof contracts.saveEditorial.payload>
export type EditorialRendered = z.output<typeof contracts.editorialRender.result>
