// Manual run: npx tsx mocks/s3/main.ts  (port from S3_MOCK_PORT, default 8093; the demo key, secret, region and bucket,
// printed as the portal's S3_* settings). Objects live in memory and are gone when it stops.
import { startS3Mock } from './server';

const mock = await startS3Mock({ port: Number(process.env.S3_MOCK_PORT ?? 8093) });
console.log(`S3 stand-in at ${mock.url}`);
console.log(
  `FILE_STORAGE=s3 S3_ENDPOINT=${mock.url} S3_BUCKET=${mock.bucket} S3_REGION=${mock.region} S3_ACCESS_KEY_ID=${mock.accessKeyId} S3_SECRET_ACCESS_KEY=${mock.secretAccessKey}`,
);

const stop = async (): Promise<void> => {
  await mock.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
