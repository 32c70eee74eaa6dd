import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { couponInputSchema, couponPauseSchema, couponSchema, couponUseSchema } from '@shop/contracts';
import { actorOf } from '../../plugins/auth.js';
import { couponsService } from './service.js';

const tags = ['coupon'];
const security = [{ token: [] }];
// Checked in the service: a malformed id answers 404 like an unknown one.
const idParams = z.object({ id: z.string().max(100) });

export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const coupons = couponsService(app);

  app.get(
    '/admin/coupons',
    {
      config: { access: { permission: 'coupons.write' } },
      schema: { summary: 'List the coupons', tags, security, response: { 200: z.array(couponSchema) } },
    },
    async () => coupons.list(),
  );

  app.post(
    '/admin/coupons',
    {
      config: { access: { permission: 'coupons.write' } },
      schema: { summary: 'Create a coupon', tags, security, body: couponInputSchema, response: { 201: couponSchema } },
    },
    async (request, reply) => reply.code(201).send(await coupons.create(request.body, actorOf(request))),
  );

  app.put(
    '/admin/coupons/:id',
    {
      config: { access: { permission: 'coupons.write' } },
      schema: {
        summary: 'Update a coupon',
        tags,
        security,
        params: idParams,
        body: couponInputSchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => coupons.update(request.params.id, request.body, actorOf(request)),
  );

  app.patch(
    '/admin/coupons/:id',
    {
      config: { access: { permission: 'coupons.write' } },
      schema: {
        summary: 'Pause or resume a coupon',
        tags,
        description: 'Pauses or resumes the coupon: a paused code is refused at checkout',
        security,
        params: idParams,
        body: couponPauseSchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => coupons.pause(request.params.id, request.body.paused, actorOf(request)),
  );

  app.get(
    '/admin/coupons/:id/uses',
    {
      config: { access: { permission: 'coupons.write' } },
      schema: {
        summary: "List a coupon's uses",
        tags,
        security,
        params: idParams,
        response: { 200: z.array(couponUseSchema) },
      },
    },
    async (request) => coupons.uses(request.params.id),
  );
};
