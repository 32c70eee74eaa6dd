import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPIRED_INVITATION_KEPT_MS,
  listedStaffInvitationSchema,
  newStaffRoleSchema,
  sessionSchema,
  staffAcceptSchema,
  staffInvitationAnswerSchema,
  staffInvitationSchema,
  staffInvitationViewSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
  staffRoleSchema,
  staffAlertsInputSchema,
  staffAlertsSchema,
  staffSelfSchema,
  messageAnswerSchema,
  STAFF_ALERT_PERMISSIONS,
} from '@shop/contracts';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { staffAlertsService } from './alerts.js';
import { invitationsService } from './invitations.js';
import { staffService } from './service.js';
import { signingIn } from '../users/sessions.js';

const tags = ['staff'];
const security = [{ token: [] }];
const manage = { access: { permission: 'staff.manage' } } as const;
// Checked in the service: a malformed id answers 404 like an unknown one.
const memberParams = z.object({ userId: z.string().max(100) });
const invitationParams = z.object({ id: z.string().max(100) });
const roleParams = z.object({ key: z.string().max(100) });
const tokenBody = z.object({ token: z.string().min(1).max(200) });

/** The owner's staff management, and the invitee's side of an invitation. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffService(app);
  const invitations = invitationsService(app);
  const alerts = staffAlertsService(app);

  app.get(
    '/admin/roles',
    {
      config: manage,
      schema: { summary: 'List the staff roles', tags, security, response: { 200: z.array(staffRoleSchema) } },
    },
    async () => staff.roles(),
  );

  app.post(
    '/admin/roles',
    {
      config: manage,
      schema: {
        summary: 'Make a custom staff role',
        tags,
        security,
        body: newStaffRoleSchema,
        response: { 201: staffRoleSchema, 409: messageAnswerSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await staff.createRole(request.body, actorOf(request))),
  );

  app.put(
    '/admin/roles/:key',
    {
      config: manage,
      schema: {
        summary: 'Rename a custom staff role or change its permissions',
        description: "Its members hold the new permissions from their next request; the built-in roles' are fixed",
        tags,
        security,
        params: roleParams,
        body: newStaffRoleSchema,
        response: {
          200: staffRoleSchema,
          403: messageAnswerSchema,
          404: messageAnswerSchema,
          409: messageAnswerSchema,
        },
      },
    },
    async (request) => staff.updateRole(request.params.key, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/roles/:key',
    {
      config: manage,
      schema: {
        summary: 'Delete a custom staff role',
        description: 'Only a role no member and no invitation holds',
        tags,
        security,
        params: roleParams,
        response: { 204: z.null(), 403: messageAnswerSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await staff.deleteRole(request.params.key, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/staff',
    {
      config: manage,
      schema: { summary: 'List the staff members', tags, security, response: { 200: z.array(staffMemberSchema) } },
    },
    async () => staff.list(),
  );

  app.post(
    '/admin/staff/invitations',
    {
      config: manage,
      schema: {
        summary: 'Invite someone to the staff',
        description: 'Sends the link by e-mail or to the mobile, and answers it so the owner can pass it on by hand',
        tags,
        security,
        body: staffInvitationSchema,
        response: { 201: staffInvitationAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.invite(request.body, actorOf(request), requestLanguage(request))),
  );

  app.get(
    '/admin/staff/invitations',
    {
      config: manage,
      schema: {
        summary: 'List the invitations not yet accepted',
        description: `Open ones, and expired ones for ${EXPIRED_INVITATION_KEPT_MS / 86_400_000} days (then deleted)`,
        tags,
        security,
        response: { 200: z.array(listedStaffInvitationSchema) },
      },
    },
    async () => invitations.list(),
  );

  app.post(
    '/admin/staff/invitations/:id/resend',
    {
      config: manage,
      schema: {
        summary: 'Send an invitation again',
        description:
          'A new link, good for a week, to the same address and role, the same way; the old link stops working',
        tags,
        security,
        params: invitationParams,
        response: { 201: staffInvitationAnswerSchema, 403: messageAnswerSchema, 404: messageAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await invitations.resend(request.params.id, actorOf(request), requestLanguage(request))),
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      config: manage,
      schema: {
        summary: 'Withdraw an invitation',
        description: 'Its link stops working at once; refused for a role with permissions the caller lacks',
        tags,
        security,
        params: invitationParams,
        response: { 204: z.null(), 403: messageAnswerSchema, 404: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await invitations.withdraw(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/admin/staff/:userId',
    {
      config: manage,
      schema: {
        summary: "Change a staff member's role",
        tags,
        security,
        params: memberParams,
        body: staffRoleChangeSchema,
        response: { 200: staffMemberSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => staff.changeRole(request.params.userId, request.body.role, actorOf(request)),
  );

  app.post(
    '/admin/staff/:userId/suspend',
    {
      config: manage,
      schema: {
        summary: 'Suspend a staff member',
        description: 'Ends their sessions at once; they cannot sign in until restored',
        tags,
        security,
        params: memberParams,
        response: { 200: staffMemberSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => staff.suspend(request.params.userId, actorOf(request)),
  );

  app.post(
    '/admin/staff/:userId/restore',
    {
      config: manage,
      schema: {
        summary: 'Restore a suspended staff member',
        tags,
        security,
        params: memberParams,
        response: { 200: staffMemberSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => staff.restore(request.params.userId, actorOf(request)),
  );

  app.get(
    '/staff/me',
    {
      config: { access: 'user' },
      schema: {
        summary: "The signed-in user's staff role and permissions",
        tags,
        security,
        response: { 200: staffSelfSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { role: user.staffRole, permissions: [...user.permissions] };
    },
  );

  // Whoever may choose any alert: a custom role may hold the catalogue's or the reports' permission alone.
  const ownAlerts = { access: { permission: STAFF_ALERT_PERMISSIONS } };

  app.get(
    '/staff/me/alerts',
    {
      config: ownAlerts,
      schema: {
        summary: 'The alerts the signed-in member chose, those their role allows, and where they go',
        tags,
        security,
        response: { 200: staffAlertsSchema },
      },
    },
    async (request) => alerts.read(currentUser(request)),
  );

  app.put(
    '/staff/me/alerts',
    {
      config: ownAlerts,
      schema: {
        summary: 'Choose the alerts the signed-in member gets, and their language',
        tags,
        security,
        body: staffAlertsInputSchema,
        response: { 200: staffAlertsSchema, 403: messageAnswerSchema },
      },
    },
    async (request) => alerts.save(currentUser(request), request.body),
  );

  // The token travels in bodies, never in an address a log would keep.
  app.post(
    '/staff/invitation',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Show an invitation to the staff',
        tags,
        body: tokenBody,
        response: { 200: staffInvitationViewSchema, 410: messageAnswerSchema },
      },
    },
    async (request) => invitations.view(request.body.token),
  );

  app.post(
    '/staff/accept',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Accept an invitation to the staff',
        description:
          'With a name and password (an e-mail invitation; the existing account’s own password when the address has one) or a code sent to the invited mobile; answers like a sign-in',
        tags,
        body: staffAcceptSchema,
        response: { 200: sessionSchema, 401: messageAnswerSchema, 409: messageAnswerSchema, 410: messageAnswerSchema },
      },
    },
    async (request) => invitations.accept(request.body, signingIn(request)),
  );
};
