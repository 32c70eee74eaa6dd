import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { render, type Language } from '@shop/contracts';
import { preferredLanguage } from '../lib/language.js';

export const requestLanguage = (request: FastifyRequest): Language =>
  preferredLanguage(request.headers['accept-language']);

/** Marks an answer whose words follow the request's Accept-Language, for caches between us and the client. */
export function varyOnLanguage(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*accept-language\s*(,|$)/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Language` : 'Accept-Language');
}

interface MessageBody {
  message: string;
  errors?: Record<string, string>;
}

const isMessageBody = (payload: unknown): payload is MessageBody =>
  typeof payload === 'object' && payload !== null && typeof (payload as { message?: unknown }).message === 'string';

/** `{ message, errors? }` in `language`: the message and every field's error, rendered from their keys. */
export function localizeBody<T extends MessageBody>(body: T, language: Language): T {
  const errors =
    body.errors &&
    Object.fromEntries(Object.entries(body.errors).map(([field, text]) => [field, render(text, language)]));
  return { ...body, message: render(body.message, language), ...(errors ? { errors } : {}) };
}

/**
 * Every JSON answer carrying a `message` (errors from the error handler and the not-found handler,
 * `{ message }` confirmations) leaves in the request's language. Routes and services speak in messages
 * by key (contracts' `say`); this is the one place they are rendered. Catalogue data has no top-level
 * `message`, so it is never touched (and answers already serialized, like cache hits, skip this hook).
 */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isMessageBody(payload)) return payload;
    varyOnLanguage(reply);
    return localizeBody(payload, requestLanguage(request));
  });
});
