import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  say,
  forgotPasswordSchema,
  loginSchema,
  passwordPairSchema,
  registerSchema,
  sessionSchema,
  deviceSessionsSchema,
  idSchema,
  updateUserSchema,
  userSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { actorOf, currentSession, currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { usersService } from './service.js';
import { sessionsService, signingIn } from './sessions.js';
import { tooManyRequests } from '../../lib/errors.js';
import { attemptAll } from '../../lib/sign-in-limit.js';

/** Reset links one network address may ask for one e-mail address within RESET_WINDOW_MS; more answer 429. */
export const RESETS_PER_EMAIL = 5;
/**
 * Reset links one e-mail address is sent within RESET_WINDOW_MS, asked from anywhere, so nobody can flood an inbox.
 * More are answered as if sent: a 429 there would let anyone keep the address's owner from resetting.
 */
export const RESET_MAILS_PER_EMAIL = 20;
const RESET_WINDOW_MS = 60 * 60_000;

const resetParams = z.object({ id: z.string().max(64), token: z.string().max(128) });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersService(app);
  const sessions = sessionsService(app);

  app.post(
    '/user/register',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Register a shopper account and sign it in',
        tags: ['user'],
        body: registerSchema,
        response: { 201: sessionSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await users.register(request.body, signingIn(request))),
  );

  const { signIns } = app;
  app.post(
    '/user/login',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Sign in with e-mail and password',
        tags: ['user'],
        body: loginSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Counted per address and e-mail: one attacker can neither lock everybody out nor guess one account forever.
      const attempt = await signIns.attempt(request.ip, email);
      if (attempt.wait > 0) throw tooManyRequests(say.api.tooManySignIns, attempt.wait);
      const session = await users.login(email, password, signingIn(request));
      await attempt.giveBack();
      return session;
    },
  );

  app.post(
    '/user/logout',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Signs out the session whose token is sent: the token is refused from then on',
        tags: ['user'],
        security: [{ token: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessions.signOut(currentSession(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/user/logout/everywhere',
    {
      config: { access: 'user' },
      schema: {
        summary: "Signs out every session of the signed-in account, the caller's included",
        tags: ['user'],
        security: [{ token: [] }],
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessions.signOutEverywhere(currentUser(request).id, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/sessions',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Lists the devices the signed-in account is signed in on, the asking one first',
        tags: ['user'],
        security: [{ token: [] }],
        response: { 200: deviceSessionsSchema },
      },
    },
    async (request) => ({
      sessions: await sessions.list(currentUser(request).id, currentSession(request)),
    }),
  );

  app.delete(
    '/user/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        summary: "Signs out one of the signed-in account's devices: its token is refused from then on",
        tags: ['user'],
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        response: { 204: z.null(), 404: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await sessions.signOutDevice(currentUser(request).id, request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/user',
    {
      config: { access: 'user' },
      schema: {
        summary: "Update the signed-in user's name, e-mail, phone, contact channel or cart reminders",
        tags: ['user'],
        security: [{ token: [] }],
        body: updateUserSchema,
        response: { 200: z.object({ user: userSchema }) },
      },
    },
    async (request) => users.update(currentUser(request).id, request.body, requestLanguage(request)),
  );

  app.put(
    '/user/password',
    {
      config: { access: 'user' },
      schema: {
        summary: "Change the signed-in user's password",
        tags: ['user'],
        security: [{ token: [] }],
        body: passwordPairSchema,
        response: { 200: sessionSchema.extend({ message: z.string() }) },
      },
    },
    async (request) =>
      users.changePassword(currentUser(request).id, request.body.password, {
        ...signingIn(request),
        language: requestLanguage(request),
      }),
  );

  app.delete(
    '/user',
    {
      config: { access: 'user', changesCatalogue: true },
      schema: {
        summary: "Delete the signed-in user's account",
        tags: ['user'],
        security: [{ token: [] }],
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => users.remove(currentUser(request).id, request.ip),
  );

  const resetLimit = (max: number, name: string) => app.attemptLimit({ name, max, windowMs: RESET_WINDOW_MS });
  const resetRequests = resetLimit(RESETS_PER_EMAIL, 'reset-requests');
  const resetMails = resetLimit(RESET_MAILS_PER_EMAIL, 'reset-mails');
  app.post(
    '/user/forgotPassword',
    {
      config: { access: 'public' },
      schema: {
        summary: 'E-mail a password-reset link',
        tags: ['user'],
        body: forgotPasswordSchema,
        response: { 200: messageAnswerSchema, 429: messageAnswerSchema },
      },
    },
    async (request) => {
      // Counted before the address is looked up: a known and an unknown one are refused alike.
      const { email } = request.body;
      const refused = await attemptAll([
        { limit: resetRequests, ip: request.ip, key: email },
        { limit: resetMails, ip: '', key: email, unspoken: true },
      ]);
      if (refused?.refusedBy.limit === resetRequests) throw tooManyRequests(say.api.tooManyResets, refused.wait);
      // Past the inbox's cap nothing is sent, so the asker keeps their places for when the inbox's hour ends.
      if (refused) return { message: say.api.resetSent };
      return users.requestReset(email, request.ip, requestLanguage(request));
    },
  );

  app.get(
    '/user/password-reset/:id/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Check a password-reset link',
        tags: ['user'],
        params: resetParams,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => users.checkReset(request.params.id, request.params.token),
  );

  app.post(
    '/user/password-reset/:id/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Set a new password through a reset link',
        tags: ['user'],
        params: resetParams,
        body: passwordPairSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request) => users.resetPassword(request.params.id, request.params.token, request.body.password, request.ip),
  );

  app.get(
    '/user/allUsers',
    {
      config: { access: { permission: 'customers.read' } },
      schema: {
        summary: 'List every user',
        tags: ['user'],
        security: [{ token: [] }],
        response: { 200: z.object({ count: z.number(), users: z.array(userSchema) }) },
      },
    },
    async () => users.list(),
  );

  app.post(
    '/admin/customers/:userId/sign-out',
    {
      config: { access: { permission: 'customers.sign_out' } },
      schema: {
        summary: 'Sign a customer out on every device',
        description: 'For a phone lost or stolen: each of their tokens is refused from then on; a staff account is 404',
        tags: ['user'],
        security: [{ token: [] }],
        params: z.object({ userId: idSchema }),
        response: { 204: z.null(), 404: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await sessions.signOutCustomer(request.params.userId, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
