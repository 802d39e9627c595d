import { parseMetres } from '../../../../shared/rules/floor-plans.ts'
import { FormProblems, textOf } from '../../ui/use-form-call.ts'

/** A length typed in metres ("2.5"), in decimetres; anything else is the field's error before sending. */
export function metresOf(form: FormData, name: string): number {
  const dm = parseMetres(textOf(form, name))
  if (dm === null) throw new FormProblems({ [name]: 'console:errors.metres' })
  return dm
}
