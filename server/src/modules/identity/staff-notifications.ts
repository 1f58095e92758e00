import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { StaffNotifications } from '@tools-factory/contract';
import type { Database, Executor } from '../../db/client.ts';
import {
  mailReadersOf,
  readersOfTuples,
  type MailDirectory,
  type MailReaders,
} from '../../mail/recipients.ts';
import type { Account } from './identity.service.ts';
import { users } from './identity.table.ts';

/** An admin who turned the staff e-mails on. */
const optedIn = and(eq(users.role, 'admin'), eq(users.staffNotifications, true));

const readersColumns = new Map<string, SQL>();

/**
 * The accounts an e-mail's readers are read from: the addresses asked for (by lower(email)) and
 * the admins who opted in, each side of the OR served by an index of its own (issue 43:
 * users_lower_email_idx, users_staff_readers_idx). Apart, so that a test reads its plan.
 */
export function readersQuery(executor: Executor, addresses: readonly string[]) {
  return executor
    .select({ email: users.email, name: users.name, optedIn: sql<boolean>`${optedIn}` })
    .from(users)
    .where(
      addresses.length === 0
        ? optedIn
        : or(optedIn, inArray(sql`lower(${users.email})`, [...addresses])),
    )
    .orderBy(users.email);
}

/**
 * What the outbox asks the accounts when it writes e-mails (issue 25), in the change's
 * transaction: the admins who turned the staff e-mails on, and the readers' names.
 */
export const accountsMailDirectory: MailDirectory = {
  async readers(executor: Executor, addresses: readonly string[]): Promise<MailReaders> {
    return mailReadersOf(await readersQuery(executor, addresses));
  },

  // readers() as a scalar subquery: the same rows, as [email, name, opted in] in a JSON array.
  // One SQL object per placeholder, so that the statements built once around it are one shape.
  readersColumn(placeholder: string): SQL {
    let column = readersColumns.get(placeholder);
    if (!column) {
      const asked = sql`select json_array_elements_text(${sql.placeholder(placeholder)}::json)`;
      column = sql`(select coalesce(json_agg(json_build_array(${users.email}, ${users.name}, ${optedIn}) order by ${users.email}), '[]'::json) from ${users} where ${optedIn} or lower(${users.email}) in (${asked}))`;
      readersColumns.set(placeholder, column);
    }
    return column;
  },

  parseReaders: readersOfTuples,
};

/**
 * An admin's own staff e-mails, on or off (users.staff_notifications): read by the outbox when
 * it writes a staff e-mail, so a change counts from the next event, on every instance.
 */
export function createStaffNotifications(options: {
  db: Database;
  adminEmails: readonly string[];
}) {
  const { db } = options;
  const listed = new Set(options.adminEmails.map((email) => email.toLowerCase()));

  async function stateOf(caller: Account): Promise<StaffNotifications> {
    const [row] = await db
      .select({ enabled: users.staffNotifications })
      .from(users)
      .where(eq(users.id, caller.id));
    return { enabled: row?.enabled ?? false, listed: listed.has(caller.email.toLowerCase()) };
  }

  return {
    /** GET /manageNotifications: whether the caller gets the staff e-mails. */
    read: stateOf,

    /**
     * PUT /manageNotifications: turns them on or off for the caller, an admin still (the row's
     * role is checked in the UPDATE: an admin demoted meanwhile changes nothing).
     */
    async update(caller: Account, enabled: boolean): Promise<StaffNotifications> {
      await db
        .update(users)
        .set({ staffNotifications: enabled })
        .where(and(eq(users.id, caller.id), eq(users.role, 'admin')));
      return stateOf(caller);
    },
  };
}

export type StaffNotificationsService = ReturnType<typeof createStaffNotifications>;
