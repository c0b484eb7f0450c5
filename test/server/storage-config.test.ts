import { storageFromEnv } from '@server/config';

// FILE_STORAGE and S3_*: which store the portal uses, and the settings a wrong value stops at start-up.

describe('FILE_STORAGE and S3_*', () => {
  it('defaults to disk in the embedded mode, the database with DATABASE_URL, S3 with a bucket', () => {
    expect(storageFromEnv({})).toEqual({ kind: 'disk' });
    expect(storageFromEnv({ DATABASE_URL: 'postgres://x/y' })).toEqual({ kind: 'database' });
    expect(storageFromEnv({ DATABASE_URL: 'postgres://x/y', S3_BUCKET: 'portal' })).toMatchObject({ kind: 's3', s3: { bucket: 'portal', region: 'us-east-1', forcePathStyle: false } });
    expect(storageFromEnv({ DATABASE_URL: 'postgres://x/y', FILE_STORAGE: 'disk' })).toEqual({ kind: 'disk' });
    expect(storageFromEnv({ FILE_STORAGE: 'Database' })).toEqual({ kind: 'database' });
  });

  it('reads an S3-compatible service: endpoint, region, keys, path-style by default with an endpoint', () => {
    const env = { S3_ENDPOINT: 'https://minio.example:9000', S3_BUCKET: 'archivos', S3_REGION: 'sa-east-1', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'secreto' };
    expect(storageFromEnv(env)).toEqual({
      kind: 's3',
      s3: { endpoint: 'https://minio.example:9000', bucket: 'archivos', region: 'sa-east-1', accessKeyId: 'AK', secretAccessKey: 'secreto', forcePathStyle: true },
    });
    expect(storageFromEnv({ ...env, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    // no keys: the SDK's own credentials (an instance role, AWS_* variables)
    expect(storageFromEnv({ S3_BUCKET: 'b' }).s3).toMatchObject({ accessKeyId: undefined, secretAccessKey: undefined });
  });

  it('stops on a wrong setting with a message in Spanish', () => {
    expect(() => storageFromEnv({ FILE_STORAGE: 'nfs' })).toThrow('FILE_STORAGE inválido: nfs (disk, database o s3)');
    expect(() => storageFromEnv({ FILE_STORAGE: 's3' })).toThrow('FILE_STORAGE=s3 necesita S3_BUCKET');
    expect(() => storageFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT inválido');
    expect(() => storageFromEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'AK' })).toThrow('S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntos');
    expect(() => storageFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'si' })).toThrow('S3_FORCE_PATH_STYLE inválido');
  });
});
