import { pino, type Logger } from 'pino';

/**
 * The process's logger, JSON lines on standard output: made before the database is opened (a start waiting for
 * PostgreSQL says so) and handed to Fastify, so every line of a process comes from one logger.
 */
export function createLog(level: string): Logger {
  return pino({ level });
}
