import { exhibitionPath } from '../../lib/catalog-paths.ts'

/** The addresses of the messages screen's parts (docs/product.md#messages, docs/product.md#reminders-before-the-exhibition). */
export const messagesPath = (id: number) => `${exhibitionPath(id)}/messages`
export const newMessagePath = (id: number) => `${messagesPath(id)}/new`
export const messagePath = (exhibitionId: number, id: number) => `${messagesPath(exhibitionId)}/${id}`
export const remindersPath = (id: number) => `${messagesPath(id)}/reminders`
