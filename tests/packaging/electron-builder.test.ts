/**
 * electron-builder.yml and package.json, checked on paper: `npm run dist` needs Electron's
 * download, so these tests are what every machine can run.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
// electron-builder's own loader and validator (app-builder-lib is the package doing the work
// behind the electron-builder CLI, at the same version).
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { envMacros, loadBuilderConfig, loadPackageJson, readText, root, targetsOf } from './config';

const config = loadBuilderConfig();
const pkg = loadPackageJson();

interface ExtraResource {
  readonly from: string;
  readonly to: string;
  readonly filter: readonly string[];
}

interface GithubPublish {
  readonly provider: string;
  readonly owner: string;
  readonly repo: string;
  readonly releaseType?: string;
  readonly token?: string;
}

/** The `files` patterns, asserted to be strings. */
function filePatterns(): string[] {
  const files = config.files;
  expect(Array.isArray(files)).toBe(true);
  const list = files as unknown[];
  for (const item of list) expect(typeof item).toBe('string');
  return list as string[];
}

describe('electron-builder.yml', () => {
  it("loads and passes electron-builder's own schema (a misspelt option fails)", async () => {
    const loaded = await getConfig(root, 'electron-builder.yml', null);
    expect(loaded.appId).toBe(config.appId);
    await expect(validateConfiguration(loaded, new DebugLogger(false))).resolves.toBeUndefined();
    const typo = await getConfig(root, 'electron-builder.yml', null);
    await expect(
      validateConfiguration(
        { ...typo, mac: { ...typo.mac, hardenedRuntme: true } } as never,
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/configuration\.mac/);
  });

  it('names the app and packs it into an asar', () => {
    expect(config.appId).toBe('com.teamtray.app');
    expect(config.productName).toBe('Teamtray');
    expect(pkg.productName).toBe(config.productName);
    expect(config.asar).toBe(true);
    expect(config.directories).toEqual({ output: 'release', buildResources: 'build' });
  });

  it('ships only the built output and package.json', () => {
    const patterns = filePatterns();
    const included = patterns.filter((p) => !p.startsWith('!'));
    expect(included.sort()).toEqual(['out/**', 'package.json']);
    // No source maps or TypeScript, in out/ or in the dependencies.
    expect(patterns).toContain('!**/*.{map,ts,cts,mts,tsx}');
    for (const pattern of included) {
      expect(pattern).not.toMatch(/\*\*\/\*|^\*|\.ts$|^(main|preload|renderer|common|tests|src)\//);
    }
    // electron-builder leaves devDependencies out itself; nothing here may add node_modules.
    expect(patterns.join('\n')).not.toContain('node_modules');
    expect(config.asarUnpack).toBeUndefined();
  });

  it('copies only the tray PNG and ICO files next to the asar', () => {
    const extra = config.extraResources as readonly ExtraResource[];
    expect(extra).toEqual([{ from: 'build/tray', to: 'tray', filter: ['*.png', '*.ico'] }]);
    const shipped = readdirSync(join(root, 'build/tray')).filter((f) => /\.(png|ico)$/.test(f));
    expect(shipped.length).toBeGreaterThan(0);
  });

  describe('macOS', () => {
    const mac = config.mac ?? {};

    it('builds a universal dmg and zip (the zip feeds electron-updater)', () => {
      expect(targetsOf(mac.target)).toEqual([
        { target: 'dmg', arch: ['universal'] },
        { target: 'zip', arch: ['universal'] },
      ]);
    });

    it('signs with the hardened runtime and the entitlements in build/', () => {
      expect(mac.hardenedRuntime).toBe(true);
      expect(mac.entitlements).toBe('build/entitlements.mac.plist');
      expect(mac.entitlementsInherit).toBe('build/entitlements.mac.inherit.plist');
      expect(existsSync(join(root, mac.entitlements ?? ''))).toBe(true);
      expect(existsSync(join(root, mac.entitlementsInherit ?? ''))).toBe(true);
    });

    it('has no Dock icon (LSUIElement)', () => {
      expect((mac.extendInfo as Record<string, unknown>).LSUIElement).toBe(true);
    });

    it('notarises when Apple credentials are in the environment, and only then', () => {
      // `false` would skip notarisation even in a release build; credentials never live here.
      expect(mac.notarize).toBe(true);
      const text = readText('electron-builder.yml');
      expect(text).not.toMatch(/APPLE_(ID|APP_SPECIFIC_PASSWORD|API_KEY)\s*:/);
      expect(mac.identity).toBeUndefined();
    });
  });

  describe('Windows', () => {
    it('builds an NSIS installer', () => {
      expect(targetsOf(config.win?.target)).toEqual([{ target: 'nsis', arch: ['x64'] }]);
      expect(config.win?.icon).toBe('build/icon.ico');
    });

    it('installs per user, without admin rights', () => {
      const nsis = config.nsis ?? {};
      expect(nsis.oneClick).toBe(true);
      expect(nsis.perMachine).toBe(false);
      expect(nsis.allowElevation).toBe(false);
      expect(config.win?.requestedExecutionLevel ?? 'asInvoker').toBe('asInvoker');
    });
  });

  describe('Linux', () => {
    const linux = config.linux ?? {};

    it('builds an AppImage, a deb and an rpm', () => {
      expect(targetsOf(linux.target).map((t) => t.target)).toEqual(['AppImage', 'deb', 'rpm']);
    });

    it('has a desktop entry with a name, categories and a window class', () => {
      // A main category from the freedesktop menu spec.
      expect(['Utility', 'Development', 'Network']).toContain(linux.category);
      const entry = linux.desktop?.entry ?? {};
      expect(entry.Name).toBe('Teamtray');
      expect(entry.StartupWMClass).toBe('Teamtray');
      // electron-builder throws on an Exec here, and writes Comment from the description.
      expect(entry.Exec).toBeUndefined();
      expect(linux.description ?? pkg.description ?? '').not.toBe('');
      expect(linux.executableName).toBe('teamtray');
    });

    it('names a maintainer with an address (deb and rpm require one)', () => {
      expect(linux.maintainer).toMatch(/^[^<>]+ <[^@\s]+@[^@\s>]+>$/);
    });

    it('points at an icon folder of NxN.png files', () => {
      expect(linux.icon).toBe('build/icons');
      const names = readdirSync(join(root, 'build/icons'));
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toMatch(/^(\d+)x\1\.png$/);
    });
  });

  it('sets every Electron fuse', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
    });
  });

  it('publishes to a GitHub releases feed named by the environment', () => {
    const publish = config.publish as readonly GithubPublish[];
    expect(publish).toHaveLength(1);
    const feed = publish[0];
    expect(feed).toEqual({
      provider: 'github',
      owner: '${env.TEAMTRAY_UPDATE_OWNER}',
      repo: '${env.TEAMTRAY_UPDATE_REPO}',
      releaseType: 'draft',
    });
    // A token in the config would be baked into app-update.yml inside the app.
    expect(feed?.token).toBeUndefined();
  });

  it('names only env macros that CI sets for `npm run dist`', () => {
    const macros = new Set(envMacros(readText('electron-builder.yml')));
    expect([...macros].sort()).toEqual(['TEAMTRAY_UPDATE_OWNER', 'TEAMTRAY_UPDATE_REPO']);
    const ci = readText('.github/workflows/ci.yml');
    for (const name of macros) expect(ci).toMatch(new RegExp(`${name}:\\s*\\$\\{\\{`));
  });

  it('references only files that exist', () => {
    const paths = [
      config.mac?.icon,
      config.win?.icon,
      config.linux?.icon,
      config.mac?.entitlements,
      config.mac?.entitlementsInherit,
      ...(config.extraResources as readonly ExtraResource[]).map((r) => r.from),
    ];
    for (const path of paths) {
      expect(typeof path).toBe('string');
      expect(existsSync(join(root, path as string)), String(path)).toBe(true);
    }
  });
});

describe('package.json, as electron-builder packs it', () => {
  it('starts from the electron-vite output that `files` ships', () => {
    expect(pkg.main).toBe('out/main/index.js');
    expect(pkg.type).toBe('module');
    const viteConfig = readText('electron.vite.config.ts');
    expect(viteConfig).toContain("outDir: 'out/main'");
  });

  it('has the metadata the installers show', () => {
    expect(pkg.name).toMatch(/^[a-z0-9-]+$/);
    expect(pkg.version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
    expect(pkg.description).toBeTruthy();
    expect(pkg.author).toBeTruthy();
    expect(pkg.license).toBeTruthy();
  });

  it('keeps Electron and the build tools out of the runtime dependencies', () => {
    // electron-builder refuses to build with electron in `dependencies`.
    for (const tool of ['electron', 'electron-builder', 'electron-vite', 'vitest', 'typescript']) {
      expect(pkg.dependencies[tool], tool).toBeUndefined();
    }
    expect(pkg.devDependencies.electron).toBeDefined();
    expect(pkg.dependencies['electron-updater']).toBeDefined();
  });

  it('leaves the build config to electron-builder.yml', () => {
    expect(pkg.build).toBeUndefined();
    expect(pkg.scripts.dist).toBe(
      'npm run build && electron-builder --config electron-builder.yml',
    );
    expect(pkg.scripts.icons).toBe('node scripts/make-icons.mjs');
  });

  // `npm test` builds before the unit tests; on a bare checkout there is nothing to look at yet.
  it.skipIf(!existsSync(join(root, 'out/main/index.js')))(
    'the built output holds JavaScript, HTML and assets only: no TypeScript, no source maps',
    () => {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
        );
      const files = walk(join(root, 'out')).map((file) =>
        relative(root, file).replaceAll('\\', '/'),
      );
      expect(files).toContain('out/main/index.js');
      for (const file of files) {
        expect(file).toMatch(/^out\/(main|preload|renderer)\//);
        expect(file).not.toMatch(/\.(ts|tsx|map)$/);
      }
    },
  );
});
