/** Loads electron-builder.yml and package.json the way electron-builder reads them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { parse } from 'yaml';

export const root = join(import.meta.dirname, '..', '..');

export function readText(path: string): string {
  return readFileSync(join(root, path), 'utf8');
}

export function loadBuilderConfig(): Configuration {
  return parse(readText('electron-builder.yml')) as Configuration;
}

export interface PackageJson {
  readonly name: string;
  readonly productName?: string;
  readonly version: string;
  readonly description?: string;
  readonly author?: string | { readonly name: string; readonly email?: string };
  readonly license?: string;
  readonly main: string;
  readonly type?: string;
  readonly scripts: Readonly<Record<string, string>>;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  readonly build?: unknown;
}

export function loadPackageJson(): PackageJson {
  return JSON.parse(readText('package.json')) as PackageJson;
}

export interface Target {
  readonly target: string;
  readonly arch: readonly string[];
}

type TargetSetting = string | TargetConfiguration | readonly (string | TargetConfiguration)[];

/** A platform's `target` list as `{target, arch[]}`, whatever shorthand the file uses. */
export function targetsOf(setting: TargetSetting | null | undefined): Target[] {
  if (setting === null || setting === undefined) return [];
  const list: readonly (string | TargetConfiguration)[] = Array.isArray(setting)
    ? (setting as readonly (string | TargetConfiguration)[])
    : [setting as string | TargetConfiguration];
  return list.map((item) => {
    if (typeof item === 'string') return { target: item, arch: [] };
    const arch = item.arch ?? [];
    return { target: item.target, arch: Array.isArray(arch) ? [...arch] : [arch] };
  });
}

/** The distinct `${env.NAME}` macros in a string. */
export function envMacros(value: string): string[] {
  return [...value.matchAll(/\$\{env\.([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] ?? '');
}
