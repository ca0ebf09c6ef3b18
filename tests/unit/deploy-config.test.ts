/**
 * firebase.json as DEPLOY.md describes it: Hosting sends every request it has no file for to the
 * Cloud Run service, uploads no source maps or build manifests, and names the rules and index files
 * that exist; the emulator ports are the ones `npm run emulators` prints. `npm start`, `npm run
 * serve` and the Dockerfile's CMD start the server with the same node flags.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeFlagsOf, serverNodeFlags } from '../../scripts/server-node-flags';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface FirebaseJson {
  hosting: {
    public: string;
    ignore: string[];
    rewrites: Array<{ source: string; run?: { serviceId: string; region: string } }>;
  };
  firestore: { rules: string; indexes: string };
  storage: { rules: string };
  emulators: Record<string, unknown>;
}

describe('firebase.json', () => {
  const config = JSON.parse(read('firebase.json')) as FirebaseJson;

  it('names rules and index files that exist', () => {
    for (const file of [config.firestore.rules, config.firestore.indexes, config.storage.rules]) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    }
    expect(JSON.parse(read(config.firestore.indexes))).toHaveProperty('indexes');
  });

  it('rewrites every other request to the Cloud Run service that DEPLOY.md deploys', () => {
    expect(config.hosting.public).toBe('dist/client');
    expect(config.hosting.rewrites).toEqual([
      { source: '**', run: { serviceId: 'uhmi-site', region: 'europe-central2' } },
    ]);
    expect(read('DEPLOY.md')).toContain('gcloud run deploy uhmi-site --source . --region europe-central2');
  });

  it('keeps source maps, build manifests and root files off the CDN', () => {
    expect(config.hosting.ignore).toEqual(expect.arrayContaining(['**/*.map', 'builds/**', 'static/**', '**/.*']));
  });

  it('has the emulator ports that npm run emulators uses', () => {
    const script = read('scripts/emulators.ts');
    expect(config.emulators.auth).toMatchObject({ port: 9099 });
    expect(config.emulators.firestore).toMatchObject({ port: 8080 });
    expect(script).toContain('FIRESTORE_PORT = 8080');
    expect(script).toContain('AUTH_PORT = 9099');
  });
});

describe('the server node flags', () => {
  const flags = serverNodeFlags(read('package.json'));
  const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

  it('bound the old generation (README, "Performance")', () => {
    expect(flags).toContainEqual(expect.stringMatching(/^--max-old-space-size=\d+$/));
  });

  it('are the same for npm start, npm run serve and the Dockerfile', () => {
    expect(nodeFlagsOf(scripts.serve!)).toEqual(flags);
    const cmd = /^CMD (\[.*\])$/m.exec(read('Dockerfile'));
    expect(cmd, 'Dockerfile CMD in exec form').not.toBeNull();
    const argv = JSON.parse(cmd![1]!) as string[];
    expect(argv).toEqual(['node', ...flags, 'dist/server/main.js']);
    expect(scripts.start).toBe(['node', ...flags, 'dist/server/main.js'].join(' '));
  });
});
