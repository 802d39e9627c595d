import { parseMoney } from '../../../shared/rules/money.ts'
import { FormProblems, textOf } from './use-form-call.ts'

/**
 * An amount typed as money ("299.00") in the chosen currency's minor units; a problem is thrown as
 * the contract field's error, so it shows where the server's own refusal would.
 */
export function moneyOf(form: FormData, name: string, currency: string, field: string): number {
  const parsed = parseMoney(textOf(form, name), currency)
  if ('problem' in parsed) throw new FormProblems({ [field]: parsed.problem === 'digits' ? 'console:errors.amountDigits' : 'console:errors.amountFormat' })
  return parsed.minor
}
