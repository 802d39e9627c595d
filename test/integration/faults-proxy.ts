import { createServer, type Server, type Socket, connect } from 'node:net'

/**
 * A TCP proxy in front of the machine's Redis (or PostgreSQL) that a test stops and starts: the shared
 * server itself must keep running for everyone else. Stopping closes the listener and cuts every open
 * connection, which is what a client sees when the server goes away (or restarts).
 */
export interface RedisProxy {
  readonly port: number
  readonly url: string
  start(): Promise<void>
  stop(): Promise<void>
  /** Connections stay open but nothing passes either way: a Redis that hangs. */
  freeze(): void
  thaw(): void
}

export async function redisProxy(target = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'): Promise<RedisProxy> {
  return tcpProxy(target, 6379)
}

/** The same proxy before any TCP server named by a URL (`postgres://...` for a PostgreSQL). */
export async function tcpProxy(target: string, defaultPort: number): Promise<RedisProxy> {
  const { hostname, port: targetPort } = new URL(target)
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  let frozen = false

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(Number(targetPort || defaultPort), hostname)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => socket.destroy())
        }
        client.on('data', (chunk) => frozen || upstream.write(chunk))
        upstream.on('data', (chunk) => frozen || client.write(chunk))
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        const address = next.address()
        if (address && typeof address === 'object') port = address.port
        server = next
        resolve()
      })
    })

  await listen()
  return {
    get port() {
      return port
    },
    /** The target's URL (user, database) with the proxy as its host. */
    get url() {
      const through = new URL(target)
      through.hostname = '127.0.0.1'
      through.port = String(port)
      return through.href
    },
    freeze: () => {
      frozen = true
    },
    thaw: () => {
      frozen = false
    },
    start: () => (server ? Promise.resolve() : listen()),
    stop: () =>
      new Promise<void>((resolve) => {
        const running = server
        server = null
        for (const socket of sockets) socket.destroy()
        sockets.clear()
        if (!running) return resolve()
        running.close(() => resolve())
      }),
  }
}
