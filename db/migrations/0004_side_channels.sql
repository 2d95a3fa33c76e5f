CREATE TABLE "default_grants" (
	"role_id" integer NOT NULL,
	"permission_name" varchar(150) NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "default_grants_role_id_permission_name_pk" PRIMARY KEY("role_id","permission_name")
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "entity" varchar(80);--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "entity_id" integer;--> statement-breakpoint
ALTER TABLE "default_grants" ADD CONSTRAINT "default_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("entity","entity_id");--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_ck" CHECK (("stored_files"."entity" is null) = ("stored_files"."entity_id" is null));--> statement-breakpoint
-- Hand-written: on a database seeded by an earlier release, the default grants of that release count as applied
-- (as an admin left them: a grant removed since stays removed), so only permissions added after it are granted at
-- the next start. These are the defaults (DEFAULT_ROLE_PERMISSIONS) of the releases before this one; a fresh
-- database has no roles yet and records nothing here (the seed grants and records everything).
INSERT INTO "default_grants" ("role_id", "permission_name")
SELECT r."id", p."permission_name"
FROM (VALUES
  -- SUPER ADMIN
  (1, ARRAY[
    'companies.list', 'companies.view', 'companies.create', 'companies.update', 'companies.delete',
    'companies.restore', 'companies.export', 'users.list', 'users.view', 'users.create', 'users.update',
    'users.delete', 'users.restore', 'users.export', 'users.upload', 'positions.list', 'positions.view',
    'positions.create', 'positions.update', 'positions.delete', 'positions.restore', 'roles.list',
    'roles.view', 'roles.create', 'roles.update', 'roles.delete', 'roles.export', 'modules.list',
    'modules.view', 'modules.create', 'modules.update', 'modules.delete', 'modules.restore',
    'modules.export', 'permissions.list', 'permissions.view', 'permissions.create', 'permissions.update',
    'permissions.delete', 'permissions.restore', 'user_timestamps.list', 'user_timestamps.delete',
    'user_timestamps.export', 'franchisees.list', 'franchisees.view', 'franchisees.create',
    'franchisees.update', 'franchisees.delete', 'audit.view'
  ]),
  -- ADMIN
  (2, ARRAY[
    'companies.list', 'companies.view', 'companies.update', 'companies.export', 'users.list', 'users.view',
    'users.create', 'users.update', 'users.delete', 'users.restore', 'users.export', 'users.upload',
    'positions.list', 'positions.view', 'positions.create', 'positions.update', 'positions.delete',
    'positions.restore', 'roles.list', 'roles.view', 'roles.export', 'modules.list', 'modules.view',
    'modules.export', 'permissions.list', 'permissions.view', 'user_timestamps.list',
    'user_timestamps.delete', 'user_timestamps.export', 'franchisees.list', 'franchisees.view',
    'franchisees.create', 'franchisees.update', 'franchisees.delete', 'audit.view'
  ]),
  -- BACKEND ADMIN
  (3, ARRAY[
    'companies.list', 'companies.view', 'companies.update', 'companies.export', 'users.list', 'users.view',
    'users.create', 'users.update', 'users.delete', 'users.restore', 'users.export', 'users.upload',
    'positions.list', 'positions.view', 'positions.create', 'positions.update', 'positions.delete',
    'positions.restore', 'roles.list', 'roles.view', 'roles.export', 'modules.list', 'modules.view',
    'modules.export', 'permissions.list', 'permissions.view', 'user_timestamps.list',
    'user_timestamps.delete', 'user_timestamps.export', 'franchisees.list', 'franchisees.view',
    'franchisees.create', 'franchisees.update', 'franchisees.delete', 'audit.view'
  ]),
  -- MASTER FRANCHISEE
  (5, ARRAY[
    'franchisees.list', 'franchisees.view', 'users.list', 'users.view'
  ]),
  -- FRANCHISEE ADMIN
  (6, ARRAY[
    'franchisees.view', 'users.list', 'users.view', 'users.create', 'users.update'
  ])
) AS d("role_id", "names")
CROSS JOIN LATERAL unnest(d."names") AS n("permission_name")
JOIN "roles" r ON r."id" = d."role_id"
JOIN "permissions" p ON p."permission_name" = n."permission_name"
ON CONFLICT DO NOTHING;
