import type { Permission } from '@receta/domain';
import type { Database } from '../../db/client.ts';
import { roles } from '../../db/schema/index.ts';

interface CachedRole {
  slug: string;
  permissions: Permission[];
}

/** What `describe` answers, shared by every request of users holding the same roles. */
interface RolesDescribed {
  roles: readonly string[];
  scope: readonly Permission[];
}

/**
 * The roles and their permissions, read from the database at most every `maxAgeMs`. The
 * table is small and changes rarely, while every authenticated request needs it; an edited
 * role reaches the other server processes within that delay. Which roles a user holds is
 * never cached: it is read with the session on every request.
 */
export class RoleCatalogue {
  private byId = new Map<string, CachedRole>();
  /** By the roles' ids in order: what the roles read last describe, worked out once. */
  private described = new Map<string, RolesDescribed>();
  private loadedAt = 0;
  private loading: Promise<void> | undefined;

  constructor(private readonly db: Database, private readonly maxAgeMs = 5_000) {}

  /** The slugs and the union of the permissions of the given roles, in the given order. */
  async describe(roleIds: readonly string[]): Promise<RolesDescribed> {
    if (Date.now() - this.loadedAt > this.maxAgeMs || roleIds.some((id) => !this.byId.has(id))) {
      await this.reload();
    }
    const key = roleIds.join(' ');
    let described = this.described.get(key);
    if (!described) {
      const held = roleIds.map((id) => this.byId.get(id)).filter((role) => role !== undefined);
      described = Object.freeze({
        roles: Object.freeze(held.map((role) => role.slug)),
        scope: Object.freeze([...new Set(held.flatMap((role) => role.permissions))]),
      });
      this.described.set(key, described);
    }
    return described;
  }

  /** Forgets the cache, after this process changed a role. */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private reload(): Promise<void> {
    this.loading ??= this.db.select({ id: roles.id, slug: roles.slug, permissions: roles.permissions })
      .from(roles)
      .then((rows) => {
        this.byId = new Map(rows.map((row) => {
          const role: CachedRole = { slug: row.slug, permissions: row.permissions as Permission[] };
          return [row.id, role];
        }));
        this.described = new Map();
        this.loadedAt = Date.now();
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}
