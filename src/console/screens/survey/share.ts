/**
 * The part of the people who answered a question that chose one option. The base is the people who
 * answered, not the sum of the choices: in a multiple-choice question one person counts for each
 * option they tick, so the choices add up to more than the people (2 of 2 is 100%, not 50%).
 */
export function shareOf(count: number, answered: number): number | null {
  if (answered <= 0) return null
  return Math.min(1, count / answered)
}
