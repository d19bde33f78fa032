#!/bin/sh
# Writes random secrets for the compose trial (never commit the files it writes). In production put the same values
# in the orchestrator's secret store: every instance must get the SAME share_link_key, two_factor_key and
# payment_webhook_secret, or links, authenticator secrets and payment callbacks made on one instance fail on another.
set -eu
cd "$(dirname "$0")"
rand() { head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'; }
[ -f postgres_password ] || rand > postgres_password
[ -f database_url ] || printf 'postgres://bulut:%s@postgres:5432/bulut' "$(cat postgres_password)" > database_url
[ -f s3_secret_access_key ] || rand > s3_secret_access_key
[ -f share_link_key ] || rand > share_link_key
[ -f two_factor_key ] || rand > two_factor_key
[ -f payment_webhook_secret ] || rand > payment_webhook_secret
chmod 600 postgres_password database_url s3_secret_access_key share_link_key two_factor_key payment_webhook_secret
echo "secrets written to $(pwd)"
