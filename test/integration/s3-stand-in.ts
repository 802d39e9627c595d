import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in of the S3 object calls the media storage makes (PUT, GET with Range, HEAD,
 * DELETE on path-style addresses), refusing anything not signed with SigV4 for the expected key
 * and region. Objects are kept in memory; `requests` records every call.
 */
export interface StoredObject {
  body: Buffer
  contentType: string
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export async function startS3StandIn(options: { bucket: string; accessKeyId: string; region: string }) {
  const objects = new Map<string, StoredObject>()
  const requests: Array<{ method: string; key: string; contentLength: string | undefined; range: string | undefined }> = []
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const prefix = `/${options.bucket}/`
    const key = url.pathname.startsWith(prefix) ? decodeURIComponent(url.pathname.slice(prefix.length)) : ''
    requests.push({ method: req.method ?? '', key, contentLength: req.headers['content-length'], range: req.headers.range })
    const authorization = req.headers.authorization ?? ''
    const signed =
      authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`) &&
      authorization.includes(`/${options.region}/s3/aws4_request`) &&
      /SignedHeaders=[^,]*host/.test(authorization) &&
      req.headers['x-amz-date'] !== undefined &&
      req.headers['x-amz-content-sha256'] !== undefined
    if (!signed || !key) {
      res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>')
      return
    }
    if (req.method === 'PUT') {
      const body = await readBody(req)
      if (req.headers['content-length'] !== String(body.length)) {
        res.writeHead(411).end('<Error><Code>MissingContentLength</Code></Error>')
        return
      }
      objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' })
      res.writeHead(200, { ETag: '"stand-in"' }).end()
      return
    }
    if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204).end()
      return
    }
    const object = objects.get(key)
    if (!object) {
      res.writeHead(404, { 'Content-Type': 'application/xml' }).end(req.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>')
      return
    }
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
    if (range && req.method === 'GET') {
      const start = Number(range[1])
      const end = Math.min(Number(range[2]), object.body.length - 1)
      res
        .writeHead(206, {
          'Content-Type': object.contentType,
          'Content-Length': end - start + 1,
          'Content-Range': `bytes ${start}-${end}/${object.body.length}`,
        })
        .end(object.body.subarray(start, end + 1))
      return
    }
    res.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.body.length })
    res.end(req.method === 'HEAD' ? undefined : object.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
