import type { FastifyPluginAsync } from 'fastify';
import { usersRoutes } from './users/routes.js';

/** Every resource's routes, registered under /api by app.ts. */
export const apiModules: FastifyPluginAsync[] = [usersRoutes];
