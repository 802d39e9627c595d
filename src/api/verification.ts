import { fn } from '../../shared/functions/gateway.ts'
import { VERIFICATION } from '../../shared/functions/verification.ts'
import type * as contracts from '../../shared/contracts/verification.ts'
export type {
  ChannelKind,
  ChannelPurpose,
  ChannelVerdict,
  DocumentAudience,
  DocumentVerdict,
  OfficialChannel,
  ScamAlert,
} from '../../shared/contracts/verification.ts'
/** Browser-safe references to the verification functions (no zod in the page bundle). */
export const verifyChannel = fn<typeof contracts.verifyChannel>(VERIFICATION.verifyChannel)
export const officialChannels = fn<typeof contracts.officialChannels>(VERIFICATION.officialChannels)
export const scamAlerts = fn<typeof contracts.scamAlerts>(VERIFICATION.scamAlerts)
