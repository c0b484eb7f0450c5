import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import type { ErpService } from '../erp/erp.service';
import { seedDemoContent } from './seedContent';

/**
 * At start-up of the embedded default: seed the demo content once the ERP's catalogue is readable, then
 * rebuild the catalogue snapshot so its images come from the new content. A failure is logged, not fatal.
 */
export async function seedDemoContentOnStart(app: FastifyInstance, opts: { db: Db; erp: ErpService; brand: string }): Promise<void> {
  try {
    const records = await opts.erp.listAllItems();
    const result = await seedDemoContent({ db: opts.db, files: app.files, records, brand: opts.brand });
    if (!result) return;
    app.log.info(result, 'contenido de demostración creado');
    await app.catalog.refresh();
  } catch (err) {
    app.log.warn({ err }, 'no se pudo crear el contenido de demostración');
  }
}
