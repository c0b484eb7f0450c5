import type { CustomerProfile } from '@shared/api/erp';
import { compactRut } from '@shared/rut';
import { HttpError } from '../errors';
import { ErpError, ERP_MESSAGES } from '../erp/errors';
import type { ErpService } from '../erp/erp.service';
import type { SessionUser } from '../plugins/auth';
import { SERVER_MSG } from '../messages';

/**
 * Which ERP business partner the company a session acts for is: the one whose rut is the company's rut. The link
 * never changes for a company, so it is remembered; the profile itself is always read fresh.
 */
export class CustomerDirectory {
  /** company rut -> CardCode */
  private readonly cardCodes = new Map<string, string>();

  constructor(private readonly erp: ErpService) {}

  /**
   * The buyer's fresh ERP profile. Once the buyer's CardCode is known the partner is read by its key (a key read,
   * where a search by rut makes the ERP look through every partner); should that partner be gone, or carry another
   * rut now, the buyer is looked up by rut again.
   */
  async profileOf(user: Pick<SessionUser, 'companyRut'>): Promise<CustomerProfile> {
    const rut = user.companyRut;
    if (!rut) throw new HttpError(403, SERVER_MSG.forbidden);
    const known = this.cardCodes.get(rut);
    if (known) {
      const profile = await this.erp.getCustomer(known).catch((error: unknown) => {
        if (error instanceof ErpError && error.code === 'ERP_NOT_FOUND') return null;
        throw error;
      });
      if (profile && profile.rut === compactRut(rut)) return profile;
      this.cardCodes.delete(rut);
    }
    const profile = await this.erp.getCustomerByRut(rut);
    if (!profile) throw new ErpError({ status: 404, code: 'ERP_NOT_FOUND', message: ERP_MESSAGES.customerNotFound });
    if (this.cardCodes.size > 50_000) this.cardCodes.clear();
    this.cardCodes.set(rut, profile.idcliente);
    return profile;
  }

  async cardCodeOf(user: Pick<SessionUser, 'companyRut'>): Promise<string> {
    const known = this.cardCodes.get(user.companyRut);
    if (known) return known;
    return (await this.profileOf(user)).idcliente;
  }

  /** A session names only the business partner of the company it acts for; any other code is refused, not looked up. */
  async assertOwn(user: Pick<SessionUser, 'companyRut'>, cardCode: string): Promise<string> {
    const own = await this.cardCodeOf(user);
    if (own !== cardCode) throw new HttpError(403, SERVER_MSG.forbidden);
    return own;
  }
}
