import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';

/**
 * docker-compose.yml read for its edge and its containment (no Docker engine here; README
 * "Operators: docker-compose"): users reach the gateway only through a TLS proxy, the gateway is
 * published on this host's loopback alone, and every container has memory and CPU limits, drops
 * every capability and, where the image allows, runs on a read-only filesystem.
 */
const ROOT = path.resolve(__dirname, '..', '..');

type Service = {
  image?: string;
  ports?: unknown[];
  environment?: Record<string, unknown>;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string } | null> | string[];
  deploy?: { resources?: { limits?: { cpus?: unknown; memory?: unknown } } };
  read_only?: boolean;
  tmpfs?: string[];
  cap_drop?: string[];
  cap_add?: string[];
  user?: string;
  security_opt?: string[];
};
const compose = yaml.load(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  networks?: Record<string, { ipam?: { config?: Array<{ subnet?: string }> } }>;
};
const services = compose.services;
const env = (name: string) => (services[name]?.environment ?? {}) as Record<string, string>;

/** Published ports as `host address:published:target` ('' for every interface). */
function published(service: Service): string[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object' && port !== null) {
      const long = port as { host_ip?: string; published?: unknown; target?: unknown };
      return `${long.host_ip ?? ''}:${String(long.published)}:${String(long.target)}`;
    }
    const parts = String(port).split(':');
    return parts.length >= 3 ? parts.join(':') : `:${parts.join(':')}`;
  });
}

const networksOf = (service: Service | undefined) => (Array.isArray(service?.networks) ? service.networks : Object.keys(service?.networks ?? { default: null }));

/** The one container that answers users: a TLS proxy in front of the gateway. */
const PROXY = 'proxy';
/** RabbitMQ writes its filled-in definitions and their conf.d line under /etc/rabbitmq at each start (infra/docker/rabbitmq/entrypoint.sh). */
const WRITES_ITS_ROOT_FS = ['rabbitmq'];

describe('docker-compose.yml: the edge', () => {
  it('publishes the TLS proxy on 443, the gateway on 127.0.0.1:8080 only, and nothing else beyond loopback', () => {
    expect(published(services[PROXY] ?? {})).toEqual([':443:8443']);
    expect(published(services.gateway ?? {})).toEqual(['127.0.0.1:8080:8080']);
    const elsewhere = Object.entries(services)
      .filter(([name]) => name !== PROXY)
      .flatMap(([name, service]) => published(service).map((port) => `${name} ${port}`));
    expect(elsewhere.filter((port) => !port.split(' ')[1]!.startsWith('127.0.0.1:'))).toEqual([]);
    // Besides the gateway, only RabbitMQ's management UI, on loopback (tunnel to it).
    expect(elsewhere).toEqual(['rabbitmq 127.0.0.1:15672:15672', 'gateway 127.0.0.1:8080:8080']);
  });

  it('terminates TLS in the proxy with a certificate from .env and passes the user’s Host on to the gateway', () => {
    const proxy = services[PROXY]!;
    expect(proxy.image).toMatch(/^nginxinc\/nginx-unprivileged:\d/);
    expect(proxy.volumes).toContain('./infra/docker/proxy/nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(proxy.volumes).toContain('${TLS_CERT_DIR:?set TLS_CERT_DIR in .env}:/etc/lakorn-tls:ro');
    const conf = readFileSync(path.join(ROOT, 'infra', 'docker', 'proxy', 'nginx.conf'), 'utf8');
    expect(conf).toMatch(/listen 8443 ssl;/);
    expect(conf).toMatch(/ssl_certificate \/etc\/lakorn-tls\/fullchain\.pem;/);
    expect(conf).toMatch(/ssl_certificate_key \/etc\/lakorn-tls\/privkey\.pem;/);
    expect(conf).toMatch(/ssl_protocols TLSv1\.2 TLSv1\.3;/);
    expect(conf).toMatch(/server gateway:8080/);
    // The gateway answers only the hosts it serves (gateway README "Hosts"): PUBLIC_URL's.
    expect(conf).toMatch(/proxy_set_header Host \$http_host;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-Proto https;/);
    // Chat replies stream (ARCHITECTURE §7): no buffering, and time for a slow model.
    expect(conf).toMatch(/proxy_buffering off;/);
    // A body over the proxy's own cap is answered JSON in Thai, like the gateway's.
    expect(conf).toMatch(/error_page 413 = @too_large;/);
    expect(conf).toMatch(/"code":"VALIDATION"/);
  });

  it('gives the gateway PUBLIC_URL from .env and trusts X-Forwarded-* from the proxy’s fixed address only', () => {
    expect(env('gateway').PUBLIC_URL).toMatch(/^\$\{PUBLIC_URL:\?/);
    const proxyAddress = (services[PROXY]?.networks as Record<string, { ipv4_address?: string }>).edge?.ipv4_address;
    expect(proxyAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(env('gateway').TRUST_PROXY).toBe(`\${TRUST_PROXY:-${proxyAddress}}`);
    expect(compose.networks?.edge?.ipam?.config?.[0]?.subnet).toBeDefined();
  });

  it('puts only the proxy and the gateway on the edge network: the proxy reaches no service, database or broker', () => {
    const onEdge = Object.entries(services)
      .filter(([, service]) => networksOf(service).includes('edge'))
      .map(([name]) => name);
    expect(onEdge.sort()).toEqual(['gateway', PROXY]);
    expect(networksOf(services[PROXY])).toEqual(['edge']);
  });
});

describe('docker-compose.yml: containment of every container', () => {
  it('sets a memory and a CPU limit on every container', () => {
    const without = Object.entries(services)
      .filter(([, service]) => !service.deploy?.resources?.limits?.memory || !service.deploy.resources.limits.cpus)
      .map(([name]) => name);
    expect(without).toEqual([]);
  });

  it('drops every Linux capability and adds none back, and forbids gaining privileges', () => {
    const loose = Object.entries(services)
      .filter(([, service]) => JSON.stringify(service.cap_drop) !== '["ALL"]' || service.cap_add !== undefined || !service.security_opt?.includes('no-new-privileges:true'))
      .map(([name]) => name);
    expect(loose).toEqual([]);
  });

  it('runs every container as its image’s unprivileged user (none needs root to drop privileges)', () => {
    // Our six images run as `node` (infra/docker/Dockerfile), nginx-unprivileged as 101; MongoDB and RabbitMQ as their own users.
    expect(services.mongodb?.user).toBe('999:999');
    expect(services.rabbitmq?.user).toBe('999:999');
    expect(readFileSync(path.join(ROOT, 'infra', 'docker', 'Dockerfile'), 'utf8')).toMatch(/^USER node$/m);
  });

  it('mounts the root filesystem read-only with a tmpfs /tmp, except where the image writes its own config at start', () => {
    const writable = Object.entries(services)
      .filter(([, service]) => service.read_only !== true || !(service.tmpfs ?? []).some((mount) => mount.split(':')[0] === '/tmp'))
      .map(([name]) => name);
    expect(writable).toEqual(WRITES_ITS_ROOT_FS);
  });
});
