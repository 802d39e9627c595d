// The repository's Dockerfile read as instructions, for what checks the image without an engine
// (test/deploy/dockerfile.test.ts) and the benches that run the server as the image runs it.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

export const DOCKERFILE = join(import.meta.dirname, '..', '..', 'Dockerfile')

/** Instructions grouped by stage (each starting with its FROM): continuation lines joined, comments dropped. */
export function dockerfileStages(text = readFileSync(DOCKERFILE, 'utf8')): string[][] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .reduce<string[][]>((stages, line) => {
      if (/^FROM /i.test(line)) stages.push([line])
      else stages.at(-1)?.push(line)
      return stages
    }, [])
}

/** The environment a stage's ENV instructions set (values without spaces, as ours are). */
export function stageEnv(stage: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {}
  for (const line of stage) {
    const pairs = /^ENV (.+)$/.exec(line)?.[1]
    if (pairs) for (const pair of pairs.split(/\s+/)) env[pair.split('=')[0] as string] = pair.split('=').slice(1).join('=')
  }
  return env
}

/** The arguments of a stage's exec-form CMD. */
export function stageCommand(stage: readonly string[]): string[] {
  const command = /^CMD (\[.+\])$/.exec(stage.find((line) => line.startsWith('CMD ')) ?? '')?.[1]
  return JSON.parse(command ?? '[]') as string[]
}
