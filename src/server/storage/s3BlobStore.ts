import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { chunksOf, type BlobStore, type ByteRange, type PutResult, type StoredFile } from './blobStore';
import { assertValidKey, isValidKey } from './fileStore';

/** S3_* settings (config.ts). Without keys the SDK's own chain is used (instance role, AWS_* variables…). */
export interface S3Settings {
  /** An S3-compatible service (MinIO, R2, Ceph…); absent: AWS S3 of `region`. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (what most S3-compatible services want). */
  forcePathStyle: boolean;
}

/** One client per process, shared by the public and private stores. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Checksums only where S3 requires them: the SDK's newer default (a CRC32 on every upload, sent as an aws-chunked
    // trailer for streams) is refused by several S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, under `<prefix><key>` (the public and private stores use 'public/' and
 * 'private/'). Type, size, ETag and Last-Modified are the object's own. Reading is a HEAD (the record) and, when the
 * body is wanted, a GET of the range conditioned on that ETag (`If-Match`): a version replaced in between makes the
 * read fail rather than send the new bytes under the old headers.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private objectKey(key: string): string {
    assertValidKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Uint8Array | Readable, contentType: string): Promise<PutResult> {
    const Key = this.objectKey(key);
    // A stream of unknown length would need a multipart upload; the portal's files are a few MB at most and checked
    // whole before they are stored, so a stream is gathered first.
    let body: Uint8Array;
    if (data instanceof Uint8Array) body = data;
    else {
      const parts: Buffer[] = [];
      for await (const part of chunksOf(data, 1 << 20)) parts.push(part);
      body = Buffer.concat(parts);
    }
    const answer = await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length }));
    return { size: body.length, etag: answer.ETag ?? '""', lastModified: new Date() };
  }

  async open(key: string): Promise<StoredFile | undefined> {
    if (!isValidKey(key)) return undefined;
    const Key = this.objectKey(key);
    let head;
    try {
      head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
    const { client, bucket } = this;
    const size = head.ContentLength ?? 0;
    const etag = head.ETag ?? '""';
    return {
      size,
      contentType: head.ContentType ?? 'application/octet-stream',
      etag,
      lastModified: head.LastModified ?? new Date(0),
      body: (range?: ByteRange) => {
        if (size === 0) return Readable.from([]);
        const wanted = range ?? { start: 0, end: size - 1 };
        return Readable.from(
          (async function* () {
            const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key, Range: `bytes=${wanted.start}-${wanted.end}`, IfMatch: etag }));
            for await (const part of answer.Body as Readable) yield part as Buffer;
          })(),
        );
      },
      close: () => undefined,
    };
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is not there: a missing file is not an error.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }
}
