import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { emailField, nameField, OWNER_ROLE, passwordField, render } from '@shop/contracts';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { audit } from '../lib/audit.js';
import { hashPassword } from '../modules/users/service.js';
import { endEverySession } from '../modules/users/sessions.js';
import { loadConfig } from '../config.js';
import { openCliDatabase, runIfEntry, UsageError } from './common.js';
import { transaction } from '../db/transaction.js';

const USAGE = `Usage: npm run create-admin -- --email E --password P [--name N]

Creates an admin account, or makes an existing account an admin and sets its password, in the
database that DATABASE_URL names, or else the embedded database in DATA_DIR (default ./data).

  --email     the admin's e-mail address (signs in with it)
  --password  at least 8 characters with a lowercase letter, an uppercase letter, a digit and one
              of @$!%*?& (only those kinds of characters); quote it in the shell
  --name      display name for a new account (default "Admin"); for an existing one, replaces its name
  --help      show this help

Exit codes: 0 done, 1 failed (see the message), 2 wrong arguments.`;

export interface AdminInput {
  email: string;
  password: string;
  name?: string;
}

/** Reads and validates the arguments with the same rules as registration; null means --help. */
export function parseCreateAdminArgs(argv: string[]): AdminInput | null {
  let values: { email?: string; password?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
  }
  if (values.help) return null;

  // The rules' messages are keyed; the command line speaks English.
  const first = (error: z.ZodError) => render(error.issues[0]?.message ?? '', 'en');
  const problems: string[] = [];
  if (values.email === undefined) problems.push('--email is required');
  if (values.password === undefined) problems.push('--password is required');
  const email = values.email === undefined ? undefined : emailField.safeParse(values.email);
  if (email && !email.success) problems.push(`--email ${JSON.stringify(values.email)}: ${first(email.error)}`);
  const password = values.password === undefined ? undefined : passwordField.safeParse(values.password);
  if (password && !password.success) {
    problems.push(
      `--password: ${first(password.error)} (8+ characters with a lowercase letter, an uppercase letter, a digit and one of @$!%*?&)`,
    );
  }
  const name = values.name === undefined ? undefined : nameField.safeParse(values.name);
  if (name && !name.success) problems.push(`--name ${JSON.stringify(values.name)}: ${first(name.error)}`);

  if (!email?.success || !password?.success || (name && !name.success))
    throw new UsageError(`${problems.join('\n')}\n\n${USAGE}`);
  return { email: email.data, password: password.data, ...(name?.success ? { name: name.data } : {}) };
}

export type AdminOutcome = 'created' | 'promoted' | 'updated';

/**
 * Makes `input.email` an admin with `input.password`: creates the account, or promotes an existing
 * one (and signs out its earlier sessions, since the password changed).
 */
export async function createOrPromoteAdmin(
  db: Db,
  input: AdminInput,
): Promise<{ outcome: AdminOutcome; userId: string }> {
  const passwordHash = await hashPassword(input.password);
  return transaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, input.email))
      .for('update');
    let result: { outcome: AdminOutcome; userId: string };
    if (existing) {
      await tx
        .update(users)
        .set({
          role: true,
          staffRole: OWNER_ROLE,
          passwordHash,
          ...endEverySession,
          ...(input.name ? { name: input.name } : {}),
        })
        .where(eq(users.id, existing.id));
      result = { outcome: existing.role ? 'updated' : 'promoted', userId: existing.id };
    } else {
      // Registration asks for a phone; an admin made here has none until they add it on their profile.
      const [created] = await tx
        .insert(users)
        .values({
          name: input.name ?? 'Admin',
          email: input.email,
          phone: '',
          passwordHash,
          role: true,
          staffRole: OWNER_ROLE,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('insert returned no row');
      result = { outcome: 'created', userId: created.id };
    }
    await audit(tx, {
      type: 'admin',
      action: result.outcome === 'created' ? 'admin_create' : 'admin_promote',
      message: `${input.email} ${result.outcome === 'created' ? 'created as an admin' : 'made an admin with a new password'} from the command line`,
      userId: result.userId,
      userEmail: input.email,
    });
    return result;
  });
}

const REPORT: Record<AdminOutcome, (email: string) => string> = {
  created: (email) => `Created the admin ${email}. Sign in at /login with this e-mail and password.`,
  promoted: (email) => `${email} is now an admin, with the new password. Their earlier sessions were signed out.`,
  updated: (email) => `${email} was already an admin; the password was changed and earlier sessions signed out.`,
};

async function main(argv: string[]) {
  const input = parseCreateAdminArgs(argv);
  if (!input) {
    console.log(USAGE);
    return;
  }
  const database = await openCliDatabase(loadConfig());
  try {
    const { outcome } = await createOrPromoteAdmin(database.db, input);
    console.log(REPORT[outcome](input.email));
  } finally {
    await database.close();
  }
}

runIfEntry(import.meta.url, main);
