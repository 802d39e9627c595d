import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as register from '../../shared/contracts/console-register.ts'

/** The verification register (docs/product.md#console-register): browser references, beside src/api/console.ts, loaded with their screens only. */
export const registerChannels = fn<typeof register.registerChannels>(CONSOLE.registerChannels)
export const saveRegisterChannel = fn<typeof register.saveRegisterChannel>(CONSOLE.saveRegisterChannel)
export const retireRegisterChannel = fn<typeof register.retireRegisterChannel>(CONSOLE.retireRegisterChannel)
export const channelSubmissions = fn<typeof register.channelSubmissions>(CONSOLE.channelSubmissions)
export const approveChannelSubmission = fn<typeof register.approveChannelSubmission>(CONSOLE.approveChannelSubmission)
export const rejectChannelSubmission = fn<typeof register.rejectChannelSubmission>(CONSOLE.rejectChannelSubmission)
export const registerDocuments = fn<typeof register.registerDocuments>(CONSOLE.registerDocuments)
export const addRegisterDocument = fn<typeof register.addRegisterDocument>(CONSOLE.addRegisterDocument)
export const retireRegisterDocument = fn<typeof register.retireRegisterDocument>(CONSOLE.retireRegisterDocument)
export const registerLookups = fn<typeof register.registerLookups>(CONSOLE.registerLookups)
export type { ChannelSubmission, RegisterChannel, RegisterDocument } from '../../shared/contracts/console-register.ts'
