-- SnapTrack: one schema and one login role per service; each role owns only its own schema.
--
-- Run by psql as a superuser. The postgres image runs it once, on an empty data volume, as
-- POSTGRES_USER. The passwords come from the environment through psql's \getenv (psql 15+):
--   AUTH_DB_PASSWORD, EXPENSES_DB_PASSWORD, OCR_DB_PASSWORD, EXPORT_DB_PASSWORD,
--   BILLING_DB_PASSWORD, HELP_FEEDBACK_DB_PASSWORD, MAIL_INGEST_DB_PASSWORD, GATEWAY_DB_PASSWORD
-- On an existing server (Kubernetes, a managed database), run it with those variables set:
--   psql "$ADMIN_DATABASE_URL" -v ON_ERROR_STOP=1 -f deploy/postgres/init.sql
-- It is idempotent: running it again only resets the passwords and the grants.
--
-- Who does what:
--   * the role that runs this file (the admin) also runs the migrations (`node tools/migrate.mjs`
--     with DATABASE_URL of the admin), so it owns the tables; default privileges below give each
--     service role SELECT/INSERT/UPDATE/DELETE on the tables and sequences of its own schema;
--   * each service connects as its own role, with search_path set to its schema, and has no
--     privilege at all on another service's schema or on `public`.

\set ON_ERROR_STOP on

-- Only the admin and the service roles may connect; nobody may create objects in `public`.
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database()) \gexec
REVOKE CREATE ON SCHEMA public FROM PUBLIC;

-- svc: the role; schema_name: the schema it owns (its own name unless given).
CREATE FUNCTION pg_temp.snaptrack_service_schema(
  svc text, env_name text, pw text, schema_name text DEFAULT NULL)
RETURNS void
LANGUAGE plpgsql
AS $fn$
DECLARE
  sch text := coalesce(schema_name, svc);
BEGIN
  IF coalesce(pw, '') = '' THEN
    RAISE EXCEPTION 'environment variable % is not set (password of the role "%")', env_name, svc;
  END IF;

  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = svc) THEN
    EXECUTE format('CREATE ROLE %I', svc);
  END IF;
  EXECUTE format(
    'ALTER ROLE %I WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD %L',
    svc, pw);
  EXECUTE format('ALTER ROLE %I SET search_path = %I', svc, sch);
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), svc);

  EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I AUTHORIZATION %I', sch, svc);
  EXECUTE format('ALTER SCHEMA %I OWNER TO %I', sch, svc);
  EXECUTE format('REVOKE ALL ON SCHEMA %I FROM PUBLIC', sch);
  -- The admin creates the tables when it runs the migrations.
  EXECUTE format('GRANT USAGE, CREATE ON SCHEMA %I TO %I', sch, current_user);

  -- Tables and sequences the admin creates here from now on...
  EXECUTE format(
    'ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I',
    sch, svc);
  EXECUTE format(
    'ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO %I',
    sch, svc);
  -- ...and those that already exist (a re-run after migrations).
  EXECUTE format(
    'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', sch, svc);
  EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO %I', sch, svc);

  RAISE NOTICE 'role "%" with schema "%" ready', svc, sch;
END
$fn$;

-- \getenv leaves the variable unchanged when the environment variable is missing, hence the reset.
\set pw ''
\getenv pw AUTH_DB_PASSWORD
SELECT pg_temp.snaptrack_service_schema('auth', 'AUTH_DB_PASSWORD', :'pw') AS done \gset

\set pw ''
\getenv pw EXPENSES_DB_PASSWORD
SELECT pg_temp.snaptrack_service_schema('expenses', 'EXPENSES_DB_PASSWORD', :'pw') AS done \gset

\set pw ''
\getenv pw OCR_DB_PASSWORD
SELECT pg_temp.snaptrack_service_schema('ocr', 'OCR_DB_PASSWORD', :'pw') AS done \gset

\set pw ''
\getenv pw EXPORT_DB_PASSWORD
SELECT pg_temp.snaptrack_service_schema('export', 'EXPORT_DB_PASSWORD', :'pw') AS done \gset

\set pw ''
\getenv pw BILLING_DB_PASSWORD
SELECT pg_temp.snaptrack_service_schema('billing', 'BILLING_DB_PASSWORD', :'pw') AS done \gset

\set pw ''
\getenv pw HELP_FEEDBACK_DB_PASSWORD
-- help-feedback-service owns the schema `help` (apps/help-feedback-service/src/config/env.ts).
SELECT pg_temp.snaptrack_service_schema('help_feedback', 'HELP_FEEDBACK_DB_PASSWORD', :'pw', 'help') AS done \gset

\set pw ''
\getenv pw MAIL_INGEST_DB_PASSWORD
SELECT pg_temp.snaptrack_service_schema('mail_ingest', 'MAIL_INGEST_DB_PASSWORD', :'pw') AS done \gset

\set pw ''
\getenv pw GATEWAY_DB_PASSWORD
-- The gateway's only table: the edge rate-limit counters (it creates gateway.rate_limits at boot).
SELECT pg_temp.snaptrack_service_schema('gateway', 'GATEWAY_DB_PASSWORD', :'pw') AS done \gset

\unset pw
\unset done
