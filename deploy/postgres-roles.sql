-- The two roles of a show's Postgres (docs/deployment.md, "Database roles"), run once by a superuser,
-- connected to the show's database:
--   psql -v owner_role=quiz_owner -v owner_password=… -v app_role=quiz_app -v app_password=… \
--        -v database=quiz -d quiz -f deploy/postgres-roles.sql
-- The owner owns the database and runs the migrations (MIGRATION_DATABASE_URL); the app role serves
-- (DATABASE_URL): SELECT and INSERT on the log, rows of the other write-side tables, and the read
-- models, which it creates and owns itself. The log's UPDATE and DELETE are refused to everyone by the
-- trigger of migration 5, and only the owner could drop it. On a database an earlier release made as
-- a superuser, the script hands the tables to the roles as well.
CREATE ROLE :"owner_role" LOGIN PASSWORD :'owner_password';
CREATE ROLE :"app_role" LOGIN PASSWORD :'app_password';
ALTER DATABASE :"database" OWNER TO :"owner_role";
ALTER SCHEMA public OWNER TO :"owner_role";
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
-- CREATE on the database: a read model is rebuilt in a schema of its own beside the one in use.
GRANT CONNECT, TEMPORARY, CREATE ON DATABASE :"database" TO :"app_role";
-- CREATE on the schema: the app makes the read models' tables from their entities.
GRANT USAGE, CREATE ON SCHEMA public TO :"app_role";
-- Every table a later migration creates; migration 5 takes UPDATE and DELETE on the log back.
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner_role" IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
SET quiz.owner_role = :'owner_role';
SET quiz.app_role = :'app_role';
-- Tables already there: read models to the app role, the write side to the owner, with the app's grants.
DO $$
DECLARE
  owner_role text := quote_ident(current_setting('quiz.owner_role'));
  app_role text := quote_ident(current_setting('quiz.app_role'));
  item record;
BEGIN
  FOR item IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    IF item.tablename LIKE 'read\_%' THEN
      EXECUTE format('ALTER TABLE public.%I OWNER TO %s', item.tablename, app_role);
    ELSE
      EXECUTE format('ALTER TABLE public.%I OWNER TO %s', item.tablename, owner_role);
      EXECUTE format('GRANT %s ON public.%I TO %s', CASE WHEN item.tablename = 'events' THEN 'SELECT, INSERT' ELSE 'SELECT, INSERT, UPDATE, DELETE' END, item.tablename, app_role);
    END IF;
  END LOOP;
  IF to_regprocedure('public.events_are_forever()') IS NOT NULL THEN
    EXECUTE format('ALTER FUNCTION public.events_are_forever() OWNER TO %s', owner_role);
  END IF;
END $$;
