#!/bin/sh
# Run by the postgres image on its first start (an empty volume): the show's two roles
# (deploy/postgres-roles.sql, docs/deployment.md "Database roles"). An existing volume runs the same
# script once by hand, see there.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner_role=quiz_owner -v owner_password="$QUIZ_OWNER_PASSWORD" \
  -v app_role=quiz_app -v app_password="$QUIZ_APP_PASSWORD" \
  -v database="$POSTGRES_DB" \
  -f /deploy/postgres-roles.sql
