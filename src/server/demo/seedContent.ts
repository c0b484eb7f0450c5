import type { Db } from '../db/connect';
import type { NewBanner, NewProductContent } from '../db/schema';
import { BannerRepo } from '../banners/banners.repo';
import { ContentRepo } from '../catalog/content.repo';
import { groupByStyle, type ItemRecord } from '../erp/mapping';
import { Outbox } from '../jobs/outbox.repo';
import { enqueueThumbnails } from '../linesheet/thumbnailJob';
import { FILE_FOLDERS, type FileStore } from '../storage/fileStore';
import { BANNER_COUNT, bannerSvg } from './banners';
import { colourHex } from './colours';
import { garmentSvg } from './garments';
import { sizeGuideSvg } from './sizeGuide';
import { technicalSheetPdf } from './technicalSheet';
import { DEMO_TECHNOLOGIES, technologyIconPng } from './technologyIcons';
import { WOMEN_GENERO } from '@shared/api/home';

// The embedded default's product content: pictures, technical sheet and size guide of every demo style,
// the technology icons, a few offers per home tab and the banner set. Only into an empty content table, so
// an admin's work is never overwritten and a second start does nothing. Deterministic: the same catalogue
// gives the same files and rows. The line sheet's thumbnail of each style's main picture is queued with the rows (one
// outbox job per picture, keyed by the picture and its version: a second seeding adds none), made in the background.

const SVG = 'image/svg+xml';
const WOMEN_PERCENTAGES = [20, 30, 15, 40];
const MEN_PERCENTAGES = [25, 10, 35, 20];

/** Four styles of a list, spread over it (every k-th, starting past the first), in sku order. */
function spread<T>(list: T[], count: number): T[] {
  if (list.length <= count) return list;
  const stride = Math.floor(list.length / count);
  return Array.from({ length: count }, (_, i) => list[Math.min(list.length - 1, 1 + i * stride)]!);
}

/** The demo offers: four women's styles and four others, style code -> percentage. */
export function demoOffers(styles: Map<string, ItemRecord[]>): Map<string, number> {
  const codes = [...styles.keys()].sort();
  const women = codes.filter((c) => styles.get(c)![0]!.gender === WOMEN_GENERO);
  const others = codes.filter((c) => styles.get(c)![0]!.gender !== WOMEN_GENERO);
  const offers = new Map<string, number>();
  spread(women, 4).forEach((c, i) => offers.set(c, WOMEN_PERCENTAGES[i]!));
  spread(others, 4).forEach((c, i) => offers.set(c, MEN_PERCENTAGES[i]!));
  return offers;
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  // the header band stays dark enough for white text
  const k = (v: number) => Math.round(Math.min(v, 150) / 2.55) / 100;
  return [k((n >> 16) & 255), k((n >> 8) & 255), k(n & 255)];
}

export interface SeedResult {
  styles: number;
  files: number;
  offers: number;
  banner: boolean;
  /** Thumbnail jobs queued (docs/linesheet.md). */
  thumbnails: number;
}

/** Seeds the demo content; undefined when the content table already has rows (nothing is touched). */
export async function seedDemoContent(opts: { db: Db; files: FileStore; records: ItemRecord[]; brand: string }): Promise<SeedResult | undefined> {
  const { db, files, records, brand } = opts;
  const content = new ContentRepo(db);
  const banners = new BannerRepo(db);
  if ((await content.count()) > 0) return undefined;

  let written = 0;
  const put = async (key: string, bytes: Uint8Array | string, type: string) => {
    written++;
    return files.put(key, typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes, type);
  };

  for (const tech of DEMO_TECHNOLOGIES) await put(`${FILE_FOLDERS.technologies}/${tech.id}.png`, technologyIconPng(tech), 'image/png');

  const styles = groupByStyle(records);
  const offers = demoOffers(styles);
  const rows: NewProductContent[] = [];
  for (const [sku, sizes] of [...styles].sort(([a], [b]) => a.localeCompare(b))) {
    const r = sizes[0]!;
    const key = (suffix: string) => `${FILE_FOLDERS.products}/${sku}${suffix}`;
    const mainUrlImage = await put(key('.svg'), garmentSvg(r, 'front'), SVG);
    const secondUrlImage = await put(key('_2.svg'), garmentSvg(r, 'back'), SVG);
    const thirdUrlImage = await put(key('_3.svg'), garmentSvg(r, 'detail'), SVG);
    const urlSizeGuideImage = await put(key('_GUIDE.svg'), sizeGuideSvg(`${r.styleName} · ${r.colour}`, sizes), SVG);
    const technologies = r.technologies.map((id) => DEMO_TECHNOLOGIES.find((t) => String(t.id) === id)?.name ?? id).join(', ');
    const pdf = technicalSheetPdf({
      brand,
      title: r.styleName,
      sku,
      colour: rgb(colourHex(r.colour)),
      facts: [
        ['Color', r.colour],
        ['Línea', [r.category, r.subcategory, r.level3].filter(Boolean).join(' / ')],
        ['Género', r.gender],
        ['Tallas', sizes.map((s) => s.size).join(', ')],
        ...(technologies ? ([['Tecnologías', technologies]] as [string, string][]) : []),
      ],
      sections: [
        ['Descripción', r.longDescription || r.styleName],
        ['Especificaciones y composición', r.specification || 'Sin especificación registrada.'],
      ],
    });
    const urlTechnicalSheet = await put(key('_ET.pdf'), pdf, 'application/pdf');
    const percentage = offers.get(sku) ?? 0;
    rows.push({
      sku,
      name: r.styleName,
      offer: percentage > 0,
      genero: r.gender,
      percentage,
      enabled: true,
      mainUrlImage,
      secondUrlImage,
      thirdUrlImage,
      urlTechnicalSheet,
      urlSizeGuideImage,
    });
  }

  let banner: NewBanner | undefined;
  const hasBanner = (await banners.count()) > 0;
  if (!hasBanner) {
    const urls: string[] = [];
    for (let i = 0; i < BANNER_COUNT; i++) urls.push(await put(`${FILE_FOLDERS.banners}/banner_${i + 1}.svg`, bannerSvg(i, brand), SVG));
    banner = { nameFile: 'banner_1.svg,banner_2.svg,banner_3.svg', urlBannerImage: urls[0], urlBannerImage2: urls[1], urlBannerImage3: urls[2] };
  }

  const thumbnails = await db.transaction(async (tx) => {
    await content.insertMissing(tx, rows);
    if (banner) await banners.insert(banner, tx);
    return enqueueThumbnails(new Outbox(db), tx, rows.map((r) => ({ sku: r.sku, mainUrlImage: r.mainUrlImage ?? '' })));
  });
  return { styles: rows.length, files: written, offers: offers.size, banner: Boolean(banner), thumbnails };
}
