import {
  acceptExhibitorInvitation,
  exhibitorDirectory,
  exhibitorInvitation,
  exhibitorPage,
  exhibitorWorkspace,
  inviteExhibitorMember,
  removeExhibitorLogo,
  myExhibitors,
  exhibitorPasses,
  nameExhibitorPass,
  renameExhibitorPass,
  revokeExhibitorPass,
  removeExhibitorMember,
  revokeExhibitorInvitation,
  saveExhibitorProfile,
  submitExhibitorChannel,
  withdrawExhibitorChannel,
} from '../../../shared/contracts/exhibitors.ts'
import type { Platform } from '../platform.ts'
import type { ExhibitorService } from './exhibitors.service.ts'

/** Registrations of the `exhibitor$*` functions on the expo endpoint (thin: parse, call one verb, map). */
export function registerExhibitorFunctions(platform: Platform, service: ExhibitorService): void {
  const { registry } = platform
  // `user` functions: the gateway has checked the session, so userId is set.
  const user = (context: { userId: string | null }) => context.userId as string
  registry.implement(myExhibitors, async (_payload, context) => ({ items: await service.mine(user(context), context.locale) }))
  registry.implement(exhibitorWorkspace, async (payload, context) => service.workspace(user(context), payload.exhibitorId, context.locale))
  registry.implement(saveExhibitorProfile, async (payload, context) => service.saveProfile(user(context), payload, context.locale))
  registry.implement(removeExhibitorLogo, async (payload, context) => ({
    logo: await service.setLogo(user(context), payload.exhibitorId, null, context.locale),
  }))
  registry.implement(inviteExhibitorMember, async (payload, context) => service.invite(user(context), payload, context.locale))
  registry.implement(revokeExhibitorInvitation, async (payload, context) => service.revokeInvitation(user(context), payload, context.locale))
  registry.implement(removeExhibitorMember, async (payload, context) => service.removeMember(user(context), payload, context.locale))
  registry.implement(submitExhibitorChannel, async (payload, context) => service.submitChannel(user(context), payload, context.locale))
  registry.implement(withdrawExhibitorChannel, async (payload, context) => service.withdrawChannel(user(context), payload, context.locale))
  registry.implement(exhibitorPasses, async (payload, context) => service.passes(user(context), payload.exhibitorId, context.locale))
  registry.implement(nameExhibitorPass, async (payload, context) => service.namePass(user(context), payload, context.locale))
  registry.implement(renameExhibitorPass, async (payload, context) => service.renamePass(user(context), payload, context.locale))
  registry.implement(revokeExhibitorPass, async (payload, context) => service.revokePass(user(context), payload, context.locale))
  registry.implement(exhibitorInvitation, async (payload, context) => service.invitation(user(context), payload.token, context.locale))
  registry.implement(acceptExhibitorInvitation, async (payload, context) => service.acceptInvitation(user(context), payload.token))
  registry.implement(exhibitorDirectory, async (payload, context) => service.directory(payload.exhibitionId, payload, context.locale))
  registry.implement(exhibitorPage, async (payload, context) => service.page(payload.exhibitionId, payload.slug, context.locale))
}
