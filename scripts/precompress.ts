// Brotli (quality 11) and gzip (level 9) copies of the build's hashed files, written beside them once at build time,
// so a browser gets the smallest body without the server compressing the same file on every request
// (the home's JavaScript is budgeted as transferred). Run by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { constants, brotliCompressSync, gzipSync } from 'node:zlib'
import { PRECOMPRESSIBLE } from '../server/http/precompressed.ts'

const assetsDir = join(process.env.DIST_DIR ?? 'dist', 'client', 'assets')
let written = 0
let saved = 0
for (const name of readdirSync(assetsDir)) {
  if (!PRECOMPRESSIBLE.test(name)) continue
  const file = join(assetsDir, name)
  const bytes = readFileSync(file)
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  })
  const gzip = gzipSync(bytes, { level: 9 })
  // A copy that is not smaller would only cost a lookup and a header.
  if (brotli.length < bytes.length) {
    writeFileSync(`${file}.br`, brotli)
    written++
    saved += bytes.length - brotli.length
  }
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip)
}
console.log(`Precompressed ${written} build files (brotli 11, gzip 9), ${(saved / 1024).toFixed(0)} KB less to send in brotli.`)
