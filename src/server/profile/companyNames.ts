// The company names the admin lists show beside orders and users (the ERP's CardName), read from the ERP in batches
// (twenty codes or ruts per call, erp.service.ts) and kept for a few minutes: a page of fifty rows is at most a few
// calls the first time and none after, never one call per row. An ERP that cannot be asked leaves the names unknown
// (null in the lists): the lists never wait for it to come back.
import { compactRut, isValidRut } from '@shared/rut';
import type { ErpService } from '../erp/erp.service';
import type { CompanyRef } from '../erp/followUp';

interface Entry {
  ref: CompanyRef | null;
  until: number;
}

export interface CompanyNamesOptions {
  /** How long a name (or "no such customer") is kept. Default 5 minutes. */
  ttlMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

const MAX_ENTRIES = 50_000;

export class CompanyNames {
  private readonly byCode = new Map<string, Entry>();
  private readonly byRut = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly erp: Pick<ErpService, 'companiesByCardCode' | 'companiesByRut'>,
    private readonly options: CompanyNamesOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The customers with these CardCodes: code → its company, or null when the ERP has no such customer. A code the ERP
   * could not be asked about now is absent from the map.
   */
  async ofCardCodes(codes: readonly string[]): Promise<Map<string, CompanyRef | null>> {
    return this.lookUp(this.byCode, [...new Set(codes.filter(Boolean))], async (missing) => {
      const found = await this.erp.companiesByCardCode(missing);
      const at = new Map(found.map((ref) => [ref.cardCode, ref]));
      return missing.map((code) => [code, at.get(code) ?? null]);
    });
  }

  /** The customers of these ruts (keys: the compact rut, '76123456-0'), as ofCardCodes. Invalid ruts are absent. */
  async ofRuts(ruts: readonly string[]): Promise<Map<string, CompanyRef | null>> {
    const keys = [...new Set(ruts.filter((r) => isValidRut(r)).map((r) => compactRut(r)))];
    return this.lookUp(this.byRut, keys, async (missing) => {
      const found = await this.erp.companiesByRut(missing);
      const at = new Map(found.filter((ref) => isValidRut(ref.rut)).map((ref) => [compactRut(ref.rut), ref]));
      return missing.map((rut) => [rut, at.get(rut) ?? null]);
    });
  }

  /** The compact rut key ofRuts answers under. */
  static rutKey(rut: string): string {
    return isValidRut(rut) ? compactRut(rut) : rut;
  }

  private async lookUp(
    cache: Map<string, Entry>,
    keys: string[],
    load: (missing: string[]) => Promise<Array<[string, CompanyRef | null]>>,
  ): Promise<Map<string, CompanyRef | null>> {
    const now = this.now();
    const out = new Map<string, CompanyRef | null>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = cache.get(key);
      if (hit && hit.until > now) out.set(key, hit.ref);
      else missing.push(key);
    }
    if (missing.length === 0) return out;
    try {
      const loaded = await load(missing);
      if (cache.size + loaded.length > MAX_ENTRIES) cache.clear();
      const until = this.now() + this.ttlMs;
      for (const [key, ref] of loaded) {
        cache.set(key, { ref, until });
        out.set(key, ref);
        // what one look-up found serves the other
        if (ref && cache === this.byRut) this.byCode.set(ref.cardCode, { ref, until });
        if (ref && cache === this.byCode && isValidRut(ref.rut)) this.byRut.set(compactRut(ref.rut), { ref, until });
      }
    } catch (err) {
      this.options.onError?.(err);
      // keep what is stale rather than nothing
      for (const key of missing) {
        const stale = cache.get(key);
        if (stale) out.set(key, stale.ref);
      }
    }
    return out;
  }
}
