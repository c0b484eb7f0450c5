import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { outbox, productContent } from '@server/db/schema';
import { seedDemoContent } from '@server/demo/seedContent';
import { THUMBNAIL_JOB, enqueueThumbnails, thumbnailJob } from '@server/linesheet/thumbnailJob';
import { THUMB_SIZE, thumbKeyOf } from '@server/linesheet/thumbnails';
import { createTestApp, login, type TestApp } from './helpers';
import { PNG, jpeg, multipart, pdf, post } from './admin-uploads-fixtures';

// The line sheet's thumbnails made in the background when a picture is stored (docs/linesheet.md): an admin's upload
// and the demo seed queue one outbox job per main picture; the job makes the thumbnail the sheet would otherwise
// render on demand, and does nothing for a picture replaced meanwhile.

let t: TestApp;
let admin: string;
const db = () => t.database.db;

/** A real picture (the fixtures' JPEGs are only headers): `colour` varies it. */
const picture = (colour: string, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })[format]().toBuffer();

const save = (sku: string, files: Record<string, { name: string; bytes: Buffer; type?: string }>) =>
  post(t.app, '/api/admin/products', admin, multipart({ id: 0, sku, name: 'x', offer: false, genero: '', percentage: '', enabled: true }, files));

const thumbnailJobs = () => db().select().from(outbox).where(eq(outbox.kind, THUMBNAIL_JOB)).orderBy(outbox.id);

async function stored(key: string): Promise<Buffer | undefined> {
  const file = await t.app.files.open(key);
  if (!file) return undefined;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of file.body()) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  } finally {
    file.close();
  }
}

/** Runs the outbox until nothing is due. */
async function drain() {
  while ((await t.app.worker.runOnce()) > 0);
}

beforeAll(async () => {
  // the worker is run by hand: the test decides when the background happens
  t = await createTestApp({}, { worker: { autoStart: false } });
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await db().delete(outbox);
  await db().delete(productContent);
});

describe('an admin upload', () => {
  it('queues the main picture\'s thumbnail without waiting for it; running the outbox makes it in the file store', async () => {
    const main = await picture('#336699');
    const res = await save('POL-1001', {
      imageMain: { name: 'frente.jpg', bytes: main, type: 'image/jpeg' },
      imageSecond: { name: 'espalda.jpg', bytes: jpeg(200, 0x21) },
      imageThird: { name: 'detalle.jpg', bytes: jpeg(300, 0x22) },
      sizeGuideFile: { name: 'guia.jpg', bytes: jpeg(400, 0x23) },
      technicalSheetFilePdf: { name: 'ficha.pdf', bytes: pdf(500) },
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().mainUrlImage as string;
    const thumbKey = thumbKeyOf(url)!;

    // queued, one job for the main picture only; not made yet: the answer did not wait
    const jobs = await thumbnailJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'pending', dedupeKey: `thumbnail:${thumbKey}`, payload: { sku: 'POL-1001', url } });
    expect(await stored(thumbKey)).toBeUndefined();

    await drain();
    expect((await thumbnailJobs())[0]).toMatchObject({ status: 'done' });
    const thumb = await stored(thumbKey);
    expect(thumb).toBeDefined();
    const meta = await sharp(thumb!).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(THUMB_SIZE);
  });

  it('a save that does not change the main picture queues nothing', async () => {
    const first = await save('POL-1002', {
      imageMain: { name: 'frente.png', bytes: await picture('#aa3300', 'png'), type: 'image/png' },
      imageSecond: { name: 'espalda.jpg', bytes: jpeg(200, 0x31) },
      imageThird: { name: 'detalle.jpg', bytes: jpeg(300, 0x32) },
      sizeGuideFile: { name: 'guia.jpg', bytes: jpeg(400, 0x33) },
      technicalSheetFilePdf: { name: 'ficha.pdf', bytes: pdf(500) },
    });
    expect(first.statusCode).toBe(201);
    await drain();
    const again = await save('POL-1002', { imageSecond: { name: 'otra.jpg', bytes: jpeg(210, 0x34) } });
    expect(again.statusCode).toBe(200);
    expect(await thumbnailJobs()).toHaveLength(1);
  });

  it('the job of a picture replaced before it ran does nothing; the new picture\'s job makes its thumbnail', async () => {
    const files = {
      imageMain: { name: 'frente.jpg', bytes: await picture('#112233'), type: 'image/jpeg' },
      imageSecond: { name: 'espalda.png', bytes: PNG, type: 'image/png' },
      imageThird: { name: 'detalle.jpg', bytes: jpeg(300, 0x42) },
      sizeGuideFile: { name: 'guia.jpg', bytes: jpeg(400, 0x43) },
      technicalSheetFilePdf: { name: 'ficha.pdf', bytes: pdf(500) },
    };
    const first = (await save('POL-1003', files)).json().mainUrlImage as string;
    const second = (await save('POL-1003', { imageMain: { name: 'nueva.jpg', bytes: await picture('#ddeeff'), type: 'image/jpeg' } })).json().mainUrlImage as string;
    expect(second).not.toBe(first);
    expect(await thumbnailJobs()).toHaveLength(2);

    await drain();
    expect((await thumbnailJobs()).map((j) => j.status)).toEqual(['done', 'done']);
    // the old version's thumbnail was never made (the file under that name is the new picture now)
    expect(await stored(thumbKeyOf(first)!)).toBeUndefined();
    const thumb = await stored(thumbKeyOf(second)!);
    expect(thumb).toBeDefined();
    // the new picture's colour, not the old one's
    const { dominant } = await sharp(thumb!).stats();
    expect(dominant.r).toBeGreaterThan(200);
  });

  it('a picture that cannot be rendered fails the try and is retried, as any job', async () => {
    const res = await save('POL-1004', {
      imageMain: { name: 'rota.jpg', bytes: jpeg(256, 0x55), type: 'image/jpeg' },
      imageSecond: { name: 'espalda.jpg', bytes: jpeg(200, 0x51) },
      imageThird: { name: 'detalle.jpg', bytes: jpeg(300, 0x52) },
      sizeGuideFile: { name: 'guia.jpg', bytes: jpeg(400, 0x53) },
      technicalSheetFilePdf: { name: 'ficha.pdf', bytes: pdf(500) },
    });
    expect(res.statusCode).toBe(201);
    await t.app.worker.runOnce();
    const [job] = await thumbnailJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
    expect(await stored(thumbKeyOf(res.json().mainUrlImage)!)).toBeUndefined();
  });
});

describe('the demo seed', () => {
  it('queues one job per style with its rows; seeding or enqueueing again adds none', async () => {
    const records = await t.erp.listAllItems();
    const result = await seedDemoContent({ db: db(), files: t.app.files, records, brand: 'Textil Andino' });
    const rows = await db().select().from(productContent);
    expect(rows.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ styles: rows.length, thumbnails: rows.length });
    const jobs = await thumbnailJobs();
    expect(jobs).toHaveLength(rows.length);
    expect(new Set(jobs.map((j) => (j.payload as { sku: string }).sku))).toEqual(new Set(rows.map((r) => r.sku)));
    expect(jobs.map((j) => j.dedupeKey).sort()).toEqual(rows.map((r) => thumbnailJob(r)!.dedupeKey).sort());

    // a second instance starting on the same database: the content is there, nothing is seeded or queued
    expect(await seedDemoContent({ db: db(), files: t.app.files, records, brand: 'Textil Andino' })).toBeUndefined();
    // the same pictures queued again (a repeated step): the dedupe key adds nothing
    expect(await enqueueThumbnails(t.app.outbox, db(), rows)).toBe(0);
    expect(await thumbnailJobs()).toHaveLength(rows.length);

    // one batch of the worker makes ten of the demo's SVG thumbnails
    await t.app.worker.runOnce();
    const done = (await thumbnailJobs()).filter((j) => j.status === 'done');
    expect(done).toHaveLength(10);
    for (const job of done) expect(await stored(thumbKeyOf((job.payload as { url: string }).url)!)).toBeDefined();
  }, 60_000);
});
