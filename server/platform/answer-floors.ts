import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Answers that must not tell whether something exists (an account with this address, an official
 * channel with this value) leave no sooner than this after the question arrived: the work that
 * differs (a row found or not, a mail queued or not) is hidden below it. Sign-in and registration also
 * spend an argon2id hash either way (passwords.ts).
 */
export interface AnswerFloors {
  /** Sign-in and anything else that checks a password. */
  password: number
  /** Registration, a forgotten password, another code by mail. */
  mail: number
  /** The verification tool's answers (docs/product.md#verification). */
  verify: number
}

export const ANSWER_FLOORS: AnswerFloors = { password: 450, mail: 300, verify: 350 }

export async function answerNoSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  // A timer counts from the event loop's cached clock, which can be a millisecond or two behind
  // performance.now(), so it may fire early: wait again until the floor has really passed.
  for (let remaining = floorMs - (performance.now() - startedAt); remaining > 0; remaining = floorMs - (performance.now() - startedAt)) {
    await sleep(Math.ceil(remaining))
  }
}
