import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const parent = mkdtempSync(path.join(os.tmpdir(), 'uhmi-export-target-'));

/** `npm run export -- FILE` in an empty folder (no .env) on a DATA_DIR that does not exist yet. */
function exportTo(file: string, dataDir: string) {
  return spawnSync(process.execPath, ['--import', TSX, path.join(ROOT, 'src/server/cli/export.ts'), file], {
    cwd: parent,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('npm run export to a path it cannot write', () => {
  it.each([
    ['a folder that does not exist', () => path.join(parent, 'missing', 'x.tar.gz'), 'the folder does not exist'],
    [
      'a folder path through a file',
      () => {
        writeFileSync(path.join(parent, 'plain'), 'x');
        return path.join(parent, 'plain', 'x.tar.gz');
      },
      'the folder path is a file',
    ],
    [
      'a folder in place of the archive',
      () => {
        mkdirSync(path.join(parent, 'taken.tar.gz'), { recursive: true });
        return path.join(parent, 'taken.tar.gz');
      },
      'it is a folder (give a file name)',
    ],
  ])('%s: one line naming the path, exit 1, nothing written', (_case, target, reason) => {
    const file = target();
    const dataDir = path.join(parent, `data-${reason.length}`);
    const before = readdirSync(parent).sort();
    const result = exportTo(file, dataDir);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([`Error: Cannot write ${file}: ${reason}`]);
    expect(result.stdout).toBe('');
    expect(existsSync(dataDir)).toBe(false); // the backend was not even opened
    expect(readdirSync(parent).sort()).toEqual(before);
  });

  it('names a relative path as typed', () => {
    const result = exportTo('nowhere/backup.tar.gz', path.join(parent, 'data-rel'));
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: Cannot write nowhere/backup.tar.gz: the folder does not exist\n');
  });
});
