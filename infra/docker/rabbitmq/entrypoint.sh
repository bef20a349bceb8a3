#!/bin/sh
# RabbitMQ in docker-compose: the definitions (the admin account and one user per service, whose
# topic permissions let it publish only its own events; ARCHITECTURE §4) are filled in from .env
# at every start and loaded at boot. Values are URL-safe (letters, digits, - . _ ~), so sed can
# put them in as they are. Rules: infra/src/brokerUsers.ts (infra/test/deploy.test.ts keeps the
# template equal to them).
set -eu
definitions=/etc/rabbitmq/lakorn-definitions.json
cp /etc/lakorn-rabbitmq/definitions.template.json "$definitions"
for name in RABBITMQ_USER RABBITMQ_PASSWORD \
  RABBITMQ_IDENTITY_USER RABBITMQ_IDENTITY_PASSWORD RABBITMQ_CATALOG_USER RABBITMQ_CATALOG_PASSWORD \
  RABBITMQ_CHAT_USER RABBITMQ_CHAT_PASSWORD RABBITMQ_WALLET_USER RABBITMQ_WALLET_PASSWORD \
  RABBITMQ_CHECKIN_USER RABBITMQ_CHECKIN_PASSWORD; do
  value=$(printenv "$name" || true)
  case "$value" in
    '' | *[!A-Za-z0-9._~-]*) echo "$name must be set in .env with URL-safe characters only" >&2; exit 1 ;;
  esac
  sed -i "s|\${$name}|$value|g" "$definitions"
done
chown rabbitmq:rabbitmq "$definitions"
chmod 600 "$definitions"
printf 'load_definitions = %s\n' "$definitions" > /etc/rabbitmq/conf.d/90-lakorn-definitions.conf
exec docker-entrypoint.sh rabbitmq-server
