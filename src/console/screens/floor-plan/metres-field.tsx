import { metresText, parseMetres } from '../../../../shared/rules/floor-plans.ts'
import { TextField } from '../../ui/text-field.tsx'
import { FormProblems, textOf } from '../../ui/use-form-call.ts'

/** A length typed in metres ("2.5"), shown from decimetres; `metresOf` reads it back. */
export function MetresField({ label, name, dm, hint, error }: { label: string; name: string; dm: number | null; hint?: string; error: string | undefined }) {
  return (
    <TextField
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      defaultValue={dm === null ? '' : metresText(dm)}
      required
      hint={hint}
      error={error}
    />
  )
}

/** A length typed in metres ("2.5"), in decimetres; anything else is the field's error before sending. */
export function metresOf(form: FormData, name: string): number {
  const dm = parseMetres(textOf(form, name))
  if (dm === null) throw new FormProblems({ [name]: 'console:errors.metres' })
  return dm
}
