/* global db -- mongosh provides the database handle */
// MongoDB in docker-compose: one user per service, allowed only its own database
// `lakorn_<service>` (ARCHITECTURE §2: one database per service). Run by the mongo image once, on
// an empty data volume, as the root account of MONGO_INITDB_ROOT_USERNAME; names and passwords
// come from .env (MONGO_<SERVICE>_USER / MONGO_<SERVICE>_PASSWORD).
for (const service of ['identity', 'catalog', 'chat', 'wallet', 'checkin']) {
  const user = process.env[`MONGO_${service.toUpperCase()}_USER`];
  const pwd = process.env[`MONGO_${service.toUpperCase()}_PASSWORD`];
  if (!user || !pwd) throw new Error(`MONGO_${service.toUpperCase()}_USER and _PASSWORD must be set in .env`);
  const database = `lakorn_${service}`;
  db.getSiblingDB(database).createUser({ user, pwd, roles: [{ role: 'readWrite', db: database }] });
}
