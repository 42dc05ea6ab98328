import { sql } from 'drizzle-orm';
import { roles, userRoles, users } from './schema/index.ts';

// Drizzle leaves the columns of a one-table select unqualified, and inside a subquery an
// unqualified "id" would be the subquery's own: the subqueries name the outer user's id.
export const outerUserId = sql`${users}.${sql.identifier(users.id.name)}`;

function roleColumnOfUser(column: typeof roles.slug | typeof roles.name) {
  return sql<string[]>`array(select r.${sql.identifier(column.name)} from ${userRoles} ur
    join ${roles} r on r.id = ur.role_id where ur.user_id = ${outerUserId} order by ur.position)`;
}

/**
 * Columns for a select that reads `users`: the user's roles, main role first, as slugs for the
 * code and as names for people, in the same order.
 */
export function rolesOfUserColumns() {
  return { roles: roleColumnOfUser(roles.slug), roleNames: roleColumnOfUser(roles.name) };
}
