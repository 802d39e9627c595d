import { describe, expect, it } from 'vitest'
import { EXHIBITOR_STAGES, progressOf, type StageFacts, stageOf } from './console-exhibitors.ts'

const journey: StageFacts = {
  gaps: [],
  boothHeld: false,
  boothSold: true,
  passes: { named: 3, allowance: 3 },
  channelVerified: true,
}

describe('stageOf', () => {
  it('when every step is reached, then the exhibitor stands at the last stage', () => {
    expect(stageOf(journey)).toBe('channelsVerified')
    expect(EXHIBITOR_STAGES.at(-1)).toBe('channelsVerified')
  })

  it('when a step is missing, then the stage stops before it whatever comes after', () => {
    expect(stageOf({ ...journey, gaps: ['website'] })).toBe('accepted')
    expect(stageOf({ ...journey, boothSold: false })).toBe('profileComplete')
    expect(stageOf({ ...journey, boothSold: false, boothHeld: true })).toBe('boothHeld')
    expect(stageOf({ ...journey, passes: { named: 2, allowance: 3 } })).toBe('boothPaid')
    expect(stageOf({ ...journey, channelVerified: false })).toBe('passesNamed')
  })

  it('when no pass is granted, then passes are not named and the stage stays at the paid booth', () => {
    expect(stageOf({ ...journey, passes: { named: 0, allowance: 0 } })).toBe('boothPaid')
  })

  it('when a booth is only held, then it is held and not paid', () => {
    expect(stageOf({ ...journey, boothSold: false, boothHeld: true, passes: { named: 0, allowance: 0 } })).toBe('boothHeld')
  })

  it('when an exhibitor is withdrawn, then the filter finds it as withdrawn whatever its stage', () => {
    expect(progressOf('withdrawn', 'channelsVerified')).toBe('withdrawn')
    expect(progressOf('active', 'boothPaid')).toBe('boothPaid')
  })
})
