import { exhibitionPath } from '../../lib/catalog-paths.ts'

/** The addresses of the messages screen's three parts (docs/product.md#messages). */
export const messagesPath = (id: number) => `${exhibitionPath(id)}/messages`
export const newMessagePath = (id: number) => `${messagesPath(id)}/new`
export const messagePath = (exhibitionId: number, id: number) => `${messagesPath(exhibitionId)}/${id}`
