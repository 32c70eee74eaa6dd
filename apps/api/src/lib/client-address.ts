import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.js';

/**
 * The client's address as Fastify's `request.ip` computes it under the same TRUST_PROXY, for code
 * that answers before Fastify builds a request (the response cache's early lane).
 */
export function clientAddressOf(trustProxy: Config['TRUST_PROXY']): (req: IncomingMessage) => string {
  if (trustProxy === false) return (req) => req.socket.remoteAddress ?? '';
  const trust =
    trustProxy === true ? () => true : typeof trustProxy === 'function' ? trustProxy : proxyAddr.compile(trustProxy);
  return (req) => proxyAddr(req, trust);
}
