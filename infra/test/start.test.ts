import { reachableHost, readRunnerEnv } from '../src/config';
import { openDoorWarnings } from '../src/start';

describe('npm start on the local defaults (HOST, ALLOW_DEV_FROM_NETWORK)', () => {
  it('listens on this machine only and prints no open-door warning', () => {
    const settings = readRunnerEnv({});
    expect(settings.HOST).toBe('127.0.0.1');
    expect(settings.ALLOW_DEV_FROM_NETWORK).toBe('false');
    expect(openDoorWarnings(settings)).toEqual([]);
  });

  it('warns in the banner when the development sign-in and simulated payments are opened to the network', () => {
    const warnings = openDoorWarnings(readRunnerEnv({ ALLOW_DEV_FROM_NETWORK: 'true' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/WARNING: ALLOW_DEV_FROM_NETWORK=true/);
  });

  it('says so when the processes listen beyond loopback, and still reaches them at a usable address', () => {
    expect(openDoorWarnings(readRunnerEnv({ HOST: '0.0.0.0' }))).toEqual([expect.stringContaining('Listening on 0.0.0.0')]);
    expect(reachableHost('0.0.0.0')).toBe('127.0.0.1');
    expect(reachableHost('10.1.2.3')).toBe('10.1.2.3');
    expect(reachableHost('fd00::5')).toBe('[fd00::5]');
  });
});
