export interface StoredFile {
  body: Buffer;
  contentType: string;
}

/** Files: avatars (public) and proofs (private). Default: a folder under DATA_DIR; S3_* switches to S3. */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}
