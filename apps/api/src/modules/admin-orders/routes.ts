import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressCreateSchema,
  adminOrderDetailSchema,
  adminOrdersFilterSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  idSchema,
  orderNoteInputSchema,
  orderNoteSchema,
  paidBackSchema,
  outOfStockItemSchema,
  phoneCustomerParamsSchema,
  phoneCustomerSchema,
  staffOrderBillSchema,
  staffOrderCreateSchema,
  staffOrderPlacedSchema,
  staffOrderQuoteSchema,
  messageAnswerSchema,
} from '@shop/contracts';
import { sendCsv } from '../../lib/csv.js';
import { actorOf, currentUser } from '../../plugins/auth.js';
import { requestLanguage } from '../../plugins/language.js';
import { adminOrdersService } from './service.js';
import { staffOrdersService } from './staff-orders.js';

export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminOrdersService(app);
  const staffOrders = staffOrdersService(app);

  app.get(
    '/admin/orders',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: 'List every order, filtered',
        tags: ['admin'],
        description: 'Every order, newest first, filtered; days run on Cairo time and both ends are included',
        security: [{ token: [] }],
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersPageSchema },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      return service.list(filter, page);
    },
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: 'Show one order for packing and follow-up',
        tags: ['admin'],
        description: "An order with its buyer's contact details, its language, who made each move and its messages",
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        response: { 200: adminOrderDetailSchema, 404: messageAnswerSchema },
      },
    },
    async (request) => service.one(request.params.id),
  );

  app.put(
    '/admin/orders/:id/address',
    {
      config: { access: { permission: 'orders.move' } },
      schema: {
        summary: "Correct an order's delivery address before it ships",
        tags: ['admin'],
        description:
          'Within its governorate (whose rate its shipping fee was billed at), until it ships or is cancelled, and not ' +
          'while the courier is being asked for its parcel; the address before and after go to the audit log',
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        body: addressCreateSchema,
        response: { 200: adminOrderDetailSchema, 404: messageAnswerSchema, 409: messageAnswerSchema },
      },
    },
    async (request) => service.changeAddress(actorOf(request), request.params.id, request.body.address),
  );

  app.post(
    '/admin/orders/:id/notes',
    {
      config: { access: { permission: 'orders.note' } },
      schema: {
        summary: 'Add a staff note to an order',
        tags: ['admin'],
        description: "A note for the team, signed with the member's name and role; the shopper never sees it",
        security: [{ token: [] }],
        params: z.object({ id: idSchema }),
        body: orderNoteInputSchema,
        response: { 201: orderNoteSchema, 404: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const note = await service.addNote(actorOf(request), request.params.id, request.body.text);
      return reply.code(201).send(note);
    },
  );

  app.post(
    '/admin/orders/:id/owed/:ref/paid-back',
    {
      config: { access: { permission: 'orders.refund' } },
      schema: {
        summary: 'Record a payment owed back as given back by hand',
        tags: ['admin'],
        description:
          'A payment the order did not take that its provider refused to give back, given back by hand: how it went back',
        security: [{ token: [] }],
        params: z.object({ id: idSchema, ref: z.string().min(1).max(200) }),
        body: paidBackSchema,
        // Nothing back: the order's page is read with orders.read, which this permission does not imply.
        response: { 204: z.null(), 409: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { id, ref } = request.params;
      await service.recordPaidBack(actorOf(request), { orderId: id, providerRef: ref, ...request.body });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/orders/export',
    {
      config: { access: { permission: 'orders.read' } },
      schema: {
        summary: 'Export the filtered orders as CSV',
        tags: ['admin'],
        description: 'The same filtered orders as a CSV file (UTF-8 with a byte-order mark, for Excel)',
        security: [{ token: [] }],
        querystring: adminOrdersFilterSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { filename, columns, batches } = await service.exportCsv(actorOf(request), request.query);
      return sendCsv(reply, filename, columns, batches);
    },
  );

  app.post(
    '/admin/orders',
    {
      config: { access: { permission: 'orders.create' }, changesCatalogue: true },
      schema: {
        summary: 'Place an order for a customer who called or wrote',
        tags: ['admin'],
        description:
          'Finds the customer by mobile or makes their account, and places the order as the checkout does (stock, ' +
          'prices and fees from the server); a `link` order is paid online, and the customer is sent the link',
        security: [{ token: [] }],
        body: staffOrderCreateSchema,
        // A 400 is left to the errors plugin: its body names each wrong field (`errors`), which a schema here would drop.
        response: { 201: staffOrderPlacedSchema, 409: z.union([z.array(outOfStockItemSchema), messageAnswerSchema]) },
      },
    },
    async (request, reply) => {
      const placed = await staffOrders.place(currentUser(request), request.body, requestLanguage(request), request.ip);
      return reply.code(201).send(placed);
    },
  );

  app.post(
    '/admin/orders/quote',
    {
      config: { access: { permission: 'orders.create' } },
      schema: {
        summary: 'Price an order for a customer before placing it',
        tags: ['admin'],
        security: [{ token: [] }],
        body: staffOrderQuoteSchema,
        response: { 200: staffOrderBillSchema },
      },
    },
    async (request) => staffOrders.quote(currentUser(request), request.body),
  );

  app.get(
    '/admin/customers/by-phone/:phone',
    {
      config: { access: { permission: 'orders.create' } },
      schema: {
        summary: 'Find the customer a mobile reaches, with their saved addresses',
        tags: ['admin'],
        security: [{ token: [] }],
        params: phoneCustomerParamsSchema,
        response: { 200: phoneCustomerSchema },
      },
    },
    async (request) => staffOrders.customerByPhone(request.params.phone),
  );
};
