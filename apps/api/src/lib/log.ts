import { pino, type Logger } from 'pino';

/**
 * Standard output as pino writes it by default (asynchronously, in order). Plain lines for a person go through it too,
 * so they keep their place among the log's lines; through console.log they would overtake the lines still queued.
 */
const stdout = pino.destination({ dest: 1, sync: false });

/**
 * The process's logger, JSON lines on standard output: made before the database is opened (a start waiting for
 * PostgreSQL says so) and handed to Fastify, so every line of a process comes from one logger.
 */
export function createLog(level: string): Logger {
  return pino({ level }, stdout);
}

/** Lines for the person who started the process (not log records), after the log's lines so far. */
export function printLines(lines: string[]): void {
  stdout.write(`${lines.join('\n')}\n`);
}
