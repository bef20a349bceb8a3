import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { SERVICES } from '../src/config';
import { brokerDefinitions, type BrokerAccounts } from '../src/brokerUsers';

/**
 * docker-compose.yml read for the rules of a deployment (no Docker engine here): one MongoDB and one
 * RabbitMQ account per service, the broker rules the runner proves on this machine
 * (brokerUsers.test.ts), a healthcheck on every container, and start order by health.
 */
const ROOT = path.resolve(__dirname, '..', '..');
type Service = {
  environment?: Record<string, unknown>;
  healthcheck?: { test?: unknown };
  depends_on?: Record<string, { condition?: string }> | string[];
  volumes?: string[];
  entrypoint?: string[];
};
const compose = yaml.load(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as { services: Record<string, Service> };
const env = (name: string) => (compose.services[name]?.environment ?? {}) as Record<string, string>;
const upper = (service: string) => service.toUpperCase();

describe('docker-compose.yml: accounts per service', () => {
  it("gives each service a MongoDB user of its own from .env, authenticated on its own database lakorn_<service>", () => {
    for (const service of SERVICES) {
      const U = upper(service);
      expect(env(service).MONGODB_URL).toMatch(
        new RegExp(
          `^mongodb://\\$\\{MONGO_${U}_USER:\\?[^}]*\\}:\\$\\{MONGO_${U}_PASSWORD:\\?[^}]*\\}@mongodb:27017/lakorn_${service}\\?authSource=lakorn_${service}$`,
        ),
      );
    }
  });

  it('runs MongoDB with authentication (a root account) and makes each service user with readWrite on its own database only', () => {
    const mongo = env('mongodb');
    expect(mongo.MONGO_INITDB_ROOT_USERNAME).toMatch(/^\$\{MONGO_ROOT_USER:\?/);
    expect(mongo.MONGO_INITDB_ROOT_PASSWORD).toMatch(/^\$\{MONGO_ROOT_PASSWORD:\?/);
    expect(compose.services.mongodb?.volumes).toContain('./infra/docker/mongodb/init-users.js:/docker-entrypoint-initdb.d/10-users.js:ro');
    const script = readFileSync(path.join(ROOT, 'infra', 'docker', 'mongodb', 'init-users.js'), 'utf8');
    expect(script).toContain(`for (const service of ${JSON.stringify(SERVICES).replace(/"/g, "'").replace(/,/g, ', ')})`);
    expect(script).toContain("roles: [{ role: 'readWrite', db: database }]");
    expect(script).toContain('const database = `lakorn_${service}`;');
    for (const service of SERVICES) {
      expect(mongo[`MONGO_${upper(service)}_USER`]).toMatch(new RegExp(`^\\$\\{MONGO_${upper(service)}_USER:\\?`));
      expect(mongo[`MONGO_${upper(service)}_PASSWORD`]).toMatch(new RegExp(`^\\$\\{MONGO_${upper(service)}_PASSWORD:\\?`));
    }
  });

  it('gives each service a RabbitMQ user of its own from .env', () => {
    for (const service of SERVICES) {
      const U = upper(service);
      expect(env(service).AMQP_URL).toMatch(new RegExp(`^amqp://\\$\\{RABBITMQ_${U}_USER:\\?[^}]*\\}:\\$\\{RABBITMQ_${U}_PASSWORD:\\?[^}]*\\}@rabbitmq:5672$`));
      expect(env(service).BUS_NAMESPACE ?? env('identity').BUS_NAMESPACE).toBe('lakorn');
    }
  });

  it("loads RabbitMQ definitions whose service users and permissions are the runner's rules (infra/src/brokerUsers.ts) for the namespace lakorn", () => {
    const template = JSON.parse(readFileSync(path.join(ROOT, 'infra', 'docker', 'rabbitmq', 'definitions.template.json'), 'utf8')) as ReturnType<
      typeof brokerDefinitions
    >;
    const accounts = Object.fromEntries(
      SERVICES.map((s) => [s, { user: `\${RABBITMQ_${upper(s)}_USER}`, password: `\${RABBITMQ_${upper(s)}_PASSWORD}` }]),
    ) as BrokerAccounts;
    const rules = brokerDefinitions('lakorn', accounts);
    const serviceUsers = new Set(rules.users.map((u) => u.name));
    expect(template.users.filter((u) => serviceUsers.has(u.name))).toEqual(rules.users);
    expect(template.permissions.filter((p) => serviceUsers.has(p.user))).toEqual(rules.permissions);
    expect(template.topic_permissions).toEqual(rules.topic_permissions);
    // The administrator is the only other account.
    expect(template.users.filter((u) => !serviceUsers.has(u.name)).map((u) => u.name)).toEqual(['${RABBITMQ_USER}']);

    const rabbit = compose.services.rabbitmq!;
    expect(rabbit.entrypoint).toEqual(['/etc/lakorn-rabbitmq/entrypoint.sh']);
    expect(rabbit.volumes).toContain('./infra/docker/rabbitmq:/etc/lakorn-rabbitmq:ro');
    // Every placeholder of the template reaches the container from .env, and the entrypoint fills each in.
    const placeholders = [...readFileSync(path.join(ROOT, 'infra', 'docker', 'rabbitmq', 'definitions.template.json'), 'utf8').matchAll(/\$\{([A-Z_]+)\}/g)].map(
      (m) => m[1]!,
    );
    const entrypoint = readFileSync(path.join(ROOT, 'infra', 'docker', 'rabbitmq', 'entrypoint.sh'), 'utf8');
    for (const name of new Set(placeholders)) {
      expect(env('rabbitmq')[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
      expect(entrypoint).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });
});

describe('docker-compose.yml: health and start order', () => {
  it('has a healthcheck on every container', () => {
    const without = Object.entries(compose.services)
      .filter(([, service]) => !Array.isArray(service.healthcheck?.test))
      .map(([name]) => name);
    expect(without).toEqual([]);
  });

  it("checks each service's /readyz on its own port and the gateway's /healthz", () => {
    for (const service of [...SERVICES, 'gateway']) {
      const test = (compose.services[service]?.healthcheck?.test as string[]).join(' ');
      const port = service === 'gateway' ? '8080' : String(env(service).PORT);
      expect(test).toContain(`http://127.0.0.1:${port}${service === 'gateway' ? '/healthz' : '/readyz'}`);
    }
  });

  it('starts the gateway once every service is healthy, and each service once MongoDB and RabbitMQ are', () => {
    expect(compose.services.gateway?.depends_on).toEqual(Object.fromEntries(SERVICES.map((s) => [s, { condition: 'service_healthy' }])));
    for (const service of SERVICES) {
      expect(compose.services[service]?.depends_on).toEqual({ mongodb: { condition: 'service_healthy' }, rabbitmq: { condition: 'service_healthy' } });
    }
  });
});
