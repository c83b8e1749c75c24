/**
 * The port a vault encrypts through: Electron's async safeStorage in the app, a real
 * AES-256-GCM cipher in tests.
 */
export type CipherAvailability =
  | { readonly available: true }
  | {
      readonly available: false;
      /** Words for the user. */
      readonly reason: string;
      /** The technical cause (e.g. Chromium's `basic_text` backend): for the log only. */
      readonly detail?: string;
    };

export interface Cipher {
  /** Whether ciphertext can be kept on disk. Said once at start-up; may be asked again. */
  availability(): Promise<CipherAvailability>;
  encrypt(plainText: string): Promise<Uint8Array>;
  /** `shouldReEncrypt` is true when the key was rotated: store the value encrypted anew. */
  decrypt(cipherText: Uint8Array): Promise<{ value: string; shouldReEncrypt: boolean }>;
  /**
   * Whether a stored ciphertext was made with a key the OS keeps. False for one made with
   * Chromium's built-in Linux fallback key, which anyone can decrypt. Absent: always true.
   */
  isProtected?(cipherText: Uint8Array): boolean;
}
