/**
 * How the core opens its files: conf in tests, electron-store in the app (main/store/electron).
 */
/** Where the core keeps its files: a folder (conf in tests) or electron-store in the app. */
export interface StoreFactories {
  /** The settings file (accounts, ciphertext, settings): electron-store `config.json`. */
  readonly settings: StoreFactory;
  /** The last-known teams: electron-store `teams-cache.json`. */
  readonly cache: StoreFactory;
}

/** Creates a conf-compatible store; throws on a corrupt or schema-violating file. */
export type StoreFactory = (options: StoreFactoryOptions) => ConfLike;

export interface StoreFactoryOptions {
  readonly configName: string;
  readonly schema: Record<string, unknown>;
  readonly defaults: Record<string, unknown>;
  /** The app's version: conf records it in the file and runs the migrations up to it. */
  readonly projectVersion: string;
  /** conf's `migrations`: steps keyed by the app version that first needs them. */
  readonly migrations?: StoreMigrations;
}

export type StoreMigrations = Readonly<Record<string, (store: ConfLike) => void>>;

/** The part of conf / electron-store the core uses. */
export interface ConfLike {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
  readonly path: string;
}
