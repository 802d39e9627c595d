import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/verification.ts'

export type {
  ChannelKind,
  ChannelPurpose,
  ChannelVerdict,
  DocumentAudience,
  DocumentVerdict,
  OfficialChannel,
} from './contracts/verification.ts'

/** Browser-safe references to the verification functions (no zod in the page bundle). */
export const verifyChannel = fn<typeof contracts.verifyChannel>('expo', 'expo$verifyChannel', 'visitor')
export const officialChannels = fn<typeof contracts.officialChannels>('expo', 'expo$officialChannels', 'visitor')

export * from './rules/verification.ts'
